import { GENDERS, MAXIMUM_AGE, MINIMUM_AGE } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../lib/i18n';
import { regionsQuery } from '../session/queries';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import type { SearchParams } from './use-search';

/** Distances (km) offered by the distance filter. */
export const SEARCH_DISTANCES = [10, 25, 50, 100, 250] as const;

interface SearchFiltersProps {
  value: SearchParams;
  onChange: (next: SearchParams) => void;
}

/** Filter bar of the member search, showing the fields the site enables (settings.search_fields). */
export function SearchFilters({ value, onChange }: SearchFiltersProps) {
  const settings = useSettings();
  const user = useUser();
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const fields = new Set(settings.search_fields);
  const regions = useQuery({ ...regionsQuery, enabled: fields.has('countryregion') && Boolean(draft.country) });
  const countryRegions = draft.country ? (regions.data?.[draft.country] ?? []) : [];
  const ages = Array.from({ length: MAXIMUM_AGE - MINIMUM_AGE + 1 }, (_, i) => MINIMUM_AGE + i);

  const set = (patch: Partial<SearchParams>) => setDraft((d) => ({ ...d, ...patch }));
  const toAge = (v: string) => (v ? Number(v) : undefined);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...draft, page: 1 });
  };

  return (
    <form
      className="search-filters card card-body shadow-sm mb-3"
      onSubmit={handleSubmit}
      aria-label={t('search.filters')}
    >
      <div className="row g-2 align-items-end">
        {fields.has('gender') && (
          <div className="col-6 col-md">
            <label htmlFor={`${id}-gender`} className="form-label small">
              {t('search.gender')}
            </label>
            <select
              id={`${id}-gender`}
              className="form-select"
              value={draft.gender ?? ''}
              onChange={(e) => set({ gender: e.target.value || undefined })}
            >
              <option value="">{t('search.anyGender')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`profile.values.gender.${g}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {fields.has('country') && (
          <div className="col-6 col-md">
            <label htmlFor={`${id}-country`} className="form-label small">
              {t('search.country')}
            </label>
            <select
              id={`${id}-country`}
              className="form-select"
              value={draft.country ?? ''}
              onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}
            >
              <option value="">{t('search.anyCountry')}</option>
              {settings.countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, i18n.language)}
                </option>
              ))}
            </select>
          </div>
        )}
        {fields.has('countryregion') && (
          <div className="col-12 col-md">
            <label htmlFor={`${id}-region`} className="form-label small">
              {t('search.region')}
            </label>
            <select
              id={`${id}-region`}
              className="form-select"
              value={draft.countryregion ?? ''}
              disabled={!draft.country}
              onChange={(e) => set({ countryregion: e.target.value || undefined })}
            >
              <option value="">{draft.country ? t('search.anyRegion') : t('search.chooseCountryFirst')}</option>
              {countryRegions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {fields.has('age') && (
          <>
            <div className="col-6 col-md-2">
              <label htmlFor={`${id}-min`} className="form-label small">
                {t('search.minAge')}
              </label>
              <select
                id={`${id}-min`}
                className="form-select"
                value={draft.min_age ?? ''}
                onChange={(e) => set({ min_age: toAge(e.target.value) })}
              >
                <option value="">{MINIMUM_AGE}</option>
                {ages.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-2">
              <label htmlFor={`${id}-max`} className="form-label small">
                {t('search.maxAge')}
              </label>
              <select
                id={`${id}-max`}
                className="form-select"
                value={draft.max_age ?? ''}
                onChange={(e) => set({ max_age: toAge(e.target.value) })}
              >
                <option value="">{MAXIMUM_AGE}</option>
                {ages.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        {fields.has('distance') && user && (
          <div className="col-12 col-md-2">
            <label htmlFor={`${id}-distance`} className="form-label small">
              {t('discovery:search.distance')}
            </label>
            <select
              id={`${id}-distance`}
              className="form-select"
              value={draft.distance ?? ''}
              onChange={(e) => set({ distance: toAge(e.target.value) })}
            >
              <option value="">{t('discovery:search.anyDistance')}</option>
              {SEARCH_DISTANCES.map((km) => (
                <option key={km} value={km}>
                  {t('discovery:search.withinKm', { km })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary w-100">
            {t('search.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
