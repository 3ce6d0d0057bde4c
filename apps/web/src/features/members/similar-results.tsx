import type { SearchResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MemberGrid } from './member-grid';

/** Similar results of a search that found few (SPEC.md 3), shown apart with how the search was widened. */
export function SimilarResults({ similar }: { similar: NonNullable<SearchResponse['similar']> }) {
  const { t } = useTranslation('discovery');
  const how = similar.widened.map((w) => t(`search.widened.${w}`)).join(', ');
  return (
    <section className="mt-5" aria-labelledby="similar-heading" data-testid="similar-results">
      <h2 id="similar-heading" className="h5 mb-1">
        {t('search.similarTitle')}
      </h2>
      <p className="text-body-secondary small">{t('search.similarHow', { how })}</p>
      <MemberGrid cards={similar.results} headingLevel={3} />
    </section>
  );
}
