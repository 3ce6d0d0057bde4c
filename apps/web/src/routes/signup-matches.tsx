import type { MemberCard as MemberCardData } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Icon } from '../components/icon';
import { errorText } from '../features/account/api-error-alert';
import { likesQuery, useLikeMutation } from '../features/likes/api';
import { MatchDialog } from '../features/match-dialog/match-dialog';
import { showMatch } from '../features/match-dialog/match-store';
import { MemberCard } from '../features/members/member-card';
import { useSearch } from '../features/members/use-search';
import { useUser } from '../features/session/use-user';
import { showToast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /signup-matches ("members who suit you"): profiles to like right after signup (SPEC.md 2), the
 * member's default search (no filters: the server applies their preferences, docs/matching.md).
 * Each card's button likes for real (and takes a like back); a like that makes a match opens the
 * match dialog. Onwards goes to the members area with the activation reminder.
 */
export function SignupMatchesPage() {
  const { t } = useTranslation('access');
  const user = useUser();
  usePageTitle(t('common:routes.signup-matches.title'));
  const search = useSearch({ page: 1 }, { enabled: Boolean(user), perPage: 12 });
  const likes = useQuery({ ...likesQuery, enabled: Boolean(user) });
  if (!user) return <Navigate to="/login" replace />;
  const liked = new Set((likes.data?.likes ?? []).map((l) => l.id));
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{t('matches.title')}</h1>
          <p className="text-body-secondary mb-0">{t('matches.text')}</p>
        </div>
        <Link to="/members?api_signup_complete=1" className="btn btn-primary" data-testid="matches-continue">
          {t('matches.continue')}
        </Link>
      </div>
      {search.data ? (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0">
          {search.data.results.map((card) => (
            <li key={card.id} className="col d-flex flex-column gap-2">
              <MemberCard card={card} />
              <LikeButton card={card} isLiked={liked.has(card.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="spinner-border text-primary d-block mx-auto my-5" role="status">
          <span className="visually-hidden">{t('common:actions.loading')}</span>
        </div>
      )}
      <MatchDialog />
    </div>
  );
}

/** Likes `card` (or takes the like back); says so, opens the match dialog on a match, shows a refusal. */
function LikeButton({ card, isLiked }: { card: MemberCardData; isLiked: boolean }) {
  const { t } = useTranslation('access');
  const like = useLikeMutation(card.id);
  const handleClick = () =>
    like.mutate(!isLiked, {
      onSuccess: (res) => {
        if (!isLiked && res.match) showMatch(card);
        else
          showToast(
            t(isLiked ? 'discovery:actions.unliked' : 'discovery:actions.liked', { name: card.name }),
            'success',
          );
      },
      onError: (err) => showToast(errorText(err, t) || t('common:error.general'), 'danger'),
    });
  return (
    <button
      type="button"
      className={`btn btn-sm ${isLiked ? 'btn-primary' : 'btn-outline-primary'}`}
      aria-pressed={isLiked}
      disabled={like.isPending}
      onClick={handleClick}
      data-testid="match-like"
    >
      {like.isPending ? (
        <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
      ) : (
        <Icon name="heart" />
      )}{' '}
      {isLiked ? t('matches.liked', { name: card.name }) : t('matches.like', { name: card.name })}
    </button>
  );
}

export { SignupMatchesPage as Component };
