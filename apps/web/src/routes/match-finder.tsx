import { discoveryCalls, type MatchPreferences } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { discoveryKeys } from '../features/likes/api';
import { PreferencesForm } from '../features/match-finder/preferences-form';
import { ProposalGrid } from '../features/match-finder/proposal-grid';
import { call } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

/** Match finder (/match-finder, SPEC.md 2): what the member looks for, and ranked proposals (docs/matching.md). */
export function MatchFinderPage() {
  const { t } = useTranslation('discovery');
  usePageTitle(t('finder.title'));
  const client = useQueryClient();
  const finder = useQuery({
    queryKey: discoveryKeys.matchFinder,
    queryFn: ({ signal }) => call(discoveryCalls.matchFinder, { signal }),
  });
  const save = useMutation({
    mutationFn: (prefs: MatchPreferences) => call(discoveryCalls.saveMatchPreferences, { body: prefs }),
    onSuccess: (data) => client.setQueryData(discoveryKeys.matchFinder, data),
  });

  return (
    <div className="container py-4">
      <h1 className="h3 mb-1">{t('finder.title')}</h1>
      <p className="text-body-secondary">{t('finder.intro')}</p>
      {finder.isPending && (
        <div className="text-center py-5">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('common:actions.loading')}</span>
          </span>
        </div>
      )}
      {(finder.isError || save.isError) && (
        <div className="alert alert-danger" role="alert">
          {(finder.error ?? save.error)?.message || t('common:error.general')}
        </div>
      )}
      {finder.data && (
        <>
          <PreferencesForm value={finder.data.preferences} isSaving={save.isPending} onSave={(p) => save.mutate(p)} />
          <h2 className="h5 mb-3">{t('finder.results', { count: finder.data.results.length })}</h2>
          {finder.data.results.length === 0 ? (
            <p className="py-4 text-center">{t('finder.empty')}</p>
          ) : (
            <div className={save.isPending ? 'opacity-50' : undefined}>
              <ProposalGrid results={finder.data.results} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

export { MatchFinderPage as Component };
