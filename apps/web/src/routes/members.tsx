import { FIRST_SCREEN_CARDS, isLoggedOutSearchAllowed, SEARCH_PAGE_SIZE } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { MemberGrid } from '../features/members/member-grid';
import { Pagination } from '../features/members/pagination';
import { SearchFilters } from '../features/members/search-filters';
import { SimilarResults } from '../features/members/similar-results';
import { type SearchParams, toUrlParams, useSearch } from '../features/members/use-search';
import { useSearchDefaults } from '../features/members/use-search-defaults';
import { useSettings } from '../features/session/use-settings';
import { useUser } from '../features/session/use-user';
import { SignupButton } from '../features/signup/signup-button';
import { isApiError } from '../lib/api';
import { hasTrafficSource } from '../lib/tracking';
import { usePageTitle } from '../lib/use-page-title';

/** Member search (SPEC.md 2): filters, a grid of cards and pages; visitors only when the site allows. */
export function MembersPage() {
  const settings = useSettings();
  const user = useUser();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // A member's search follows their preferences until they choose a filter, which is then remembered
  // (docs/matching.md). `search` is memoised so the filter form keeps what the member picked while
  // the page re-renders (its draft resets on change).
  const { form: search, query, remember } = useSearchDefaults(params, user);
  const canSearch = user !== null || isLoggedOutSearchAllowed(settings, hasTrafficSource());
  const result = useSearch(query, { enabled: canSearch });
  usePageTitle(t('members.title'));

  const handleChange = (next: SearchParams) => {
    setParams(toUrlParams(next));
    window.scrollTo({ top: 0 });
  };
  const handleFilter = (next: SearchParams) => {
    remember(next);
    handleChange(next);
  };
  const isForbidden = isApiError(result.error, 'authentication_required');

  if (!canSearch || isForbidden) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">{t('members.title')}</h1>
        <p className="lead">{t('members.signupToSearch', { site: settings.name })}</p>
        <SignupButton className="btn btn-primary btn-lg">{t('home.signupCta')}</SignupButton>
      </div>
    );
  }

  const data = result.data;
  const pageCount = data ? Math.ceil(data.numResults / SEARCH_PAGE_SIZE) : 0;
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('members.title')}</h1>
      <SearchFilters value={search} onChange={handleFilter} />
      {result.isError && !isForbidden && <ErrorAlert>{result.error.message || t('error.general')}</ErrorAlert>}
      {result.isPending && (
        <div className="text-center py-5">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('actions.loading')}</span>
          </span>
        </div>
      )}
      {data && (
        <>
          <p className="text-body-secondary small" aria-live="polite">
            {data.numResultsCapped
              ? t('members.numResultsCapped', { count: data.numResults })
              : t('members.numResults', { count: data.numResults })}
          </p>
          {data.results.length === 0 ? (
            <p className="py-5 text-center">{t('members.noResults')}</p>
          ) : (
            // The previous results stay dimmed while the new search loads, marked busy for assistive
            // technology (and for the journeys, which wait for the new results).
            <div
              className={result.isPlaceholderData ? 'opacity-50' : undefined}
              aria-busy={result.isPlaceholderData || undefined}
              data-testid="member-results"
            >
              <MemberGrid cards={data.results} eagerCount={FIRST_SCREEN_CARDS} />
            </div>
          )}
          <Pagination page={query.page} pageCount={pageCount} onPage={(page) => handleChange({ ...search, page })} />
          {data.similar && <SimilarResults similar={data.similar} />}
        </>
      )}
    </div>
  );
}

export { MembersPage as Component };
