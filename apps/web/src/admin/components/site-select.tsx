import { adminAccessCalls } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';

/** The sites the staff account works on (cached for the session). */
export const sitesQuery = {
  queryKey: ['admin', 'sites'] as const,
  queryFn: () => call(adminAccessCalls.sites),
  staleTime: 300_000,
};

/** The name of a site by id, from the account's sites ("#<id>" when the account cannot see it). */
export function useSiteName(): (id: number) => string {
  const { data: sites = [] } = useQuery(sitesQuery);
  return (id) => sites.find((s) => s.id === id)?.name ?? `#${id}`;
}

/** A labelled select of the account's sites with "All sites"; `value` undefined means all. */
export function SiteSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { data: sites = [] } = useQuery(sitesQuery);
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={id}>
        {t('filters.site')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{t('filters.allSites')}</option>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.domain})
          </option>
        ))}
      </select>
    </div>
  );
}
