import { SWIPE_LIKES_PER_DAY } from '@app/contracts';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { Icon } from '../components/icon';
import { SwipeCard } from '../features/swipe/swipe-card';
import { keyDecision } from '../features/swipe/swipe-gesture';
import { useSwipeGame } from '../features/swipe/use-swipe-game';
import { isApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Swipe game (/swipe-game, SPEC.md 2, 6): one card at a time, like or pass by buttons, ←/→ keys or a
 * swipe; free members get 4 likes a day, then the premium call.
 */
export function SwipeGamePage() {
  const { t } = useTranslation('discovery');
  usePageTitle(t('swipe.title'));
  const { state, swipe } = useSwipeGame();
  const card = state.data?.card ?? null;
  const likesLeft = state.data?.likes_left;
  const isOutOfLikes = likesLeft === 0 || isApiError(swipe.error, 'premium_required');

  const decide = useCallback(
    (action: 'like' | 'pass') => {
      if (!card || swipe.isPending || (action === 'like' && isOutOfLikes)) return;
      swipe.mutate({ profile: card.id, action });
    },
    [card, swipe, isOutOfLikes],
  );

  useEffect(() => {
    const handleKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
      const action = keyDecision(e.key);
      if (!action) return;
      e.preventDefault();
      decide(action);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [decide]);

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <div className="d-flex align-items-baseline justify-content-between mb-3 gap-2">
        <h1 className="h3 mb-0">{t('swipe.title')}</h1>
        {likesLeft !== undefined && (
          <span className="text-body-secondary small text-end" data-testid="likes-left">
            {likesLeft === null ? t('swipe.unlimited') : t('swipe.likesLeft', { count: likesLeft })}
          </span>
        )}
      </div>
      {state.isPending && (
        <div className="text-center py-5">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('common:actions.loading')}</span>
          </span>
        </div>
      )}
      {state.isError && <ErrorAlert>{state.error.message || t('common:error.general')}</ErrorAlert>}
      {isOutOfLikes && (
        <div className="card border-primary shadow-sm mb-3" data-testid="premium-call">
          <div className="card-body text-center">
            <h2 className="h5">{t('swipe.quotaTitle')}</h2>
            <p>{t('swipe.quotaText', { count: SWIPE_LIKES_PER_DAY })}</p>
            <Link to="/premium" className="btn btn-primary">
              <Icon name="star" /> {t('swipe.premiumCta')}
            </Link>
          </div>
        </div>
      )}
      {state.data && !card && <p className="lead text-center py-5">{t('swipe.empty')}</p>}
      {card && (
        <>
          <SwipeCard key={card.id} card={card} onDecide={decide} />
          <div className="d-flex justify-content-center gap-3 mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary btn-lg rounded-pill px-4"
              onClick={() => decide('pass')}
              disabled={swipe.isPending}
            >
              ✕ {t('swipe.pass')}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-lg rounded-pill px-4"
              onClick={() => decide('like')}
              disabled={swipe.isPending || isOutOfLikes}
            >
              <Icon name="heart" /> {t('swipe.like')}
            </button>
          </div>
          <p className="text-center text-body-secondary small mt-2 d-none d-md-block">{t('swipe.keysHint')}</p>
        </>
      )}
    </div>
  );
}

export { SwipeGamePage as Component };
