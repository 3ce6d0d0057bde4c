import { type AdminFictionalListQuery, FICTIONAL_STATUSES, type FictionalStatus } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions, FilterInput } from '../../components/filter-form';
import { SiteSelect } from '../../components/site-select';

/** The list's filters as typed (strings; '' is no filter), kept in the address bar. */
export interface FictionalFilterValues {
  q: string;
  site_id: string;
  status: string;
}

const KEYS = ['q', 'site_id', 'status'] as const;
const EMPTY: FictionalFilterValues = { q: '', site_id: '', status: '' };

/** The filters of the address bar (`?q=&site_id=&status=&page=`). */
export function fictionalFiltersFromParams(params: URLSearchParams): FictionalFilterValues {
  return { q: params.get('q') ?? '', site_id: params.get('site_id') ?? '', status: params.get('status') ?? '' };
}

/** The address bar's parameters of `values` and `page`; empty filters are left out. */
export function fictionalFiltersToParams(values: FictionalFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (values[key].trim()) params.set(key, values[key].trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The query of GET /api/admin/fictional-profiles.php for `values` and `page`. */
export function toFictionalQuery(values: FictionalFilterValues, page: number): AdminFictionalListQuery {
  return {
    page,
    q: values.q.trim(),
    site_id: Number(values.site_id) || undefined,
    status: (FICTIONAL_STATUSES as readonly string[]).includes(values.status)
      ? (values.status as FictionalStatus)
      : undefined,
  };
}

/** The fictional list's filters: name or id, site, status. */
export function FictionalFilters({
  value,
  onApply,
}: {
  value: FictionalFilterValues;
  onApply: (values: FictionalFilterValues) => void;
}) {
  const { t } = useTranslation('admin-fictional');
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }

  const cell = 'col-12 col-sm-6 col-lg-4';
  return (
    <form className="card card-body mb-3" onSubmit={submit} aria-label={t('filters.label')}>
      <div className="row g-2">
        <FilterInput
          className={cell}
          id="fictional-q"
          type="search"
          label={t('filters.q')}
          help={t('filters.qHint')}
          maxLength={100}
          autoComplete="off"
          value={draft.q}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
        />
        <div className={cell}>
          <SiteSelect
            value={draft.site_id ? Number(draft.site_id) : undefined}
            onChange={(id) => setDraft((d) => ({ ...d, site_id: id ? String(id) : '' }))}
          />
        </div>
        <div className={cell}>
          <label className="form-label small mb-1" htmlFor="fictional-status">
            {t('fields.status')}
          </label>
          <select
            id="fictional-status"
            className="form-select form-select-sm"
            value={draft.status}
            onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {FICTIONAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FilterActions
        applyLabel={t('filters.apply')}
        clearLabel={t('filters.clear')}
        onClear={() => {
          setDraft(EMPTY);
          onApply(EMPTY);
        }}
      />
    </form>
  );
}
