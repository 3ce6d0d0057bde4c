import { GENDERS, MAXIMUM_AGE, MINIMUM_AGE } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { countryName } from '../../lib/i18n';
import { regionsQuery } from '../session/queries';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { AGE_OPTIONS, SEARCH_DISTANCES, toNumber } from './search-options';
import type { SearchParams } from './use-search';

interface SearchFiltersProps {
  value: SearchParams;
  onChange: (next: SearchParams) => void;
}

/**
 * Filter bar of the member search, showing the fields the site enables (settings.search_fields).
 * Two rows from 768 px (gender, country, region; ages, distance, search) so every label and chosen
 * value stays readable; on phones gender and country share a row, and so do the two ages.
 */
export function SearchFilters({ value, onChange }: SearchFiltersProps) {
  const settings = useSettings();
  const user = useUser();
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const fields = new Set(settings.search_fields);
  const regions = useQuery({ ...regionsQuery, enabled: fields.has('countryregion') && Boolean(draft.country) });
  const countryRegions = draft.country ? (regions.data?.[draft.country] ?? []) : [];

  const set = (patch: Partial<SearchParams>) => setDraft((d) => ({ ...d, ...patch }));
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...draft, page: 1 });
  };

  return (
    <form
      className="search-filters card card-body shadow-sm mb-3"
      onSubmit={handleSubmit}
      aria-label={t('search.filters')}
      noValidate
    >
      <div className="row g-2 align-items-end">
        {fields.has('gender') && (
          <SelectField
            className="col-5 col-md-3"
            isCompact
            label={t('search.gender')}
            value={draft.gender}
            emptyLabel={t('search.anyGender')}
            options={GENDERS.map((g) => ({ value: g, label: t(`profile.values.gender.${g}`) }))}
            onChange={(v) => set({ gender: v || undefined })}
          />
        )}
        {fields.has('country') && (
          <SelectField
            className="col-7 col-md-4"
            isCompact
            label={t('search.country')}
            value={draft.country}
            emptyLabel={t('search.anyCountry')}
            options={settings.countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
            onChange={(v) => set({ country: v || undefined, countryregion: undefined })}
          />
        )}
        {fields.has('countryregion') && (
          <SelectField
            className="col-12 col-md-5"
            isCompact
            label={t('search.region')}
            value={draft.countryregion}
            disabled={!draft.country}
            emptyLabel={draft.country ? t('search.anyRegion') : t('search.chooseCountryFirst')}
            options={countryRegions.map((r) => ({ value: r.code, label: r.name }))}
            onChange={(v) => set({ countryregion: v || undefined })}
          />
        )}
        {fields.has('age') && (
          <>
            <SelectField
              className="col-6 col-md-3 col-lg-2"
              isCompact
              label={t('search.minAge')}
              value={draft.min_age}
              emptyLabel={String(MINIMUM_AGE)}
              options={AGE_OPTIONS}
              onChange={(v) => set({ min_age: toNumber(v) })}
            />
            <SelectField
              className="col-6 col-md-3 col-lg-2"
              isCompact
              label={t('search.maxAge')}
              value={draft.max_age}
              emptyLabel={String(MAXIMUM_AGE)}
              options={AGE_OPTIONS}
              onChange={(v) => set({ max_age: toNumber(v) })}
            />
          </>
        )}
        {fields.has('distance') && user && (
          <SelectField
            className="col-12 col-md-4 col-lg-3"
            isCompact
            label={t('discovery:search.distance')}
            value={draft.distance}
            emptyLabel={t('discovery:search.anyDistance')}
            options={SEARCH_DISTANCES.map((km) => ({ value: km, label: t('discovery:search.withinKm', { km }) }))}
            onChange={(v) => set({ distance: toNumber(v) })}
          />
        )}
        <div className="col-12 col-md-auto align-self-center">
          <div className="form-check mb-0">
            <input
              id="search-verified-only"
              type="checkbox"
              className="form-check-input"
              checked={draft.verified_only === '1'}
              onChange={(e) => set({ verified_only: e.target.checked ? '1' : undefined })}
            />
            <label className="form-check-label" htmlFor="search-verified-only">
              {t('search.verifiedOnly')}
            </label>
          </div>
        </div>
        <div className="col-12 col-md-auto ms-md-auto">
          <button type="submit" className="btn btn-primary w-100 px-md-4">
            {t('search.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
