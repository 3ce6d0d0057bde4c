import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MemberCard } from '../features/members/member-card';
import { useSearch } from '../features/members/use-search';
import { useUser } from '../features/session/use-user';
import { showToast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /signup-matches ("members who suit you"): profiles to like right after signup (SPEC.md 2), the
 * member's default search (no filters: the server applies their preferences, docs/matching.md).
 * Likes arrive with a later issue, so the like button says so; onwards goes to the members area
 * with the activation reminder.
 */
export function SignupMatchesPage() {
  const { t } = useTranslation('access');
  const user = useUser();
  usePageTitle(t('common:routes.signup-matches.title'));
  const search = useSearch({ page: 1 }, { enabled: Boolean(user), perPage: 12 });
  if (!user) return <Navigate to="/login" replace />;
  const handleLike = () => showToast(t('common:profile.comingSoon'), 'info');
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
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={handleLike}>
                {t('matches.like', { name: card.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="spinner-border text-primary d-block mx-auto my-5" role="status" />
      )}
    </div>
  );
}

export { SignupMatchesPage as Component };
