import { GENDERS, MAXIMUM_AGE, type MatchPreferences, MINIMUM_AGE } from '@app/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InterestsPicker } from '../profile-edit/interests-picker';

/** Distances offered in km; null is "anywhere". */
export const DISTANCES = [10, 25, 50, 100, 250, null] as const;

/** What the member looks for in the match finder: genders, ages, distance, interests. */
export function PreferencesForm({
  value,
  isSaving,
  onSave,
}: {
  value: MatchPreferences;
  isSaving: boolean;
  onSave: (next: MatchPreferences) => void;
}) {
  const { t } = useTranslation('discovery');
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const ages = Array.from({ length: MAXIMUM_AGE - MINIMUM_AGE + 1 }, (_, i) => MINIMUM_AGE + i);
  const set = (patch: Partial<MatchPreferences>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleGender = (g: (typeof GENDERS)[number]) =>
    set({ genders: draft.genders.includes(g) ? draft.genders.filter((x) => x !== g) : [...draft.genders, g] });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };

  return (
    <form className="card card-body shadow-sm mb-4" onSubmit={handleSubmit} aria-label={t('finder.formLabel')}>
      <div className="row g-3">
        <fieldset className="col-12 col-md-4">
          <legend className="form-label fs-6">{t('finder.genders')}</legend>
          {GENDERS.map((g) => (
            <div key={g} className="form-check form-check-inline">
              <input
                id={`${id}-${g}`}
                type="checkbox"
                className="form-check-input"
                checked={draft.genders.includes(g)}
                onChange={() => toggleGender(g)}
              />
              <label htmlFor={`${id}-${g}`} className="form-check-label">
                {t(`common:profile.values.gender.${g}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="col-6 col-md-2">
          <label htmlFor={`${id}-min`} className="form-label">
            {t('finder.minAge')}
          </label>
          <select
            id={`${id}-min`}
            className="form-select"
            value={draft.min_age}
            onChange={(e) => set({ min_age: Number(e.target.value) })}
          >
            {ages.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label htmlFor={`${id}-max`} className="form-label">
            {t('finder.maxAge')}
          </label>
          <select
            id={`${id}-max`}
            className="form-select"
            value={draft.max_age}
            onChange={(e) => set({ max_age: Number(e.target.value) })}
          >
            {ages.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-4">
          <label htmlFor={`${id}-distance`} className="form-label">
            {t('finder.distance')}
          </label>
          <select
            id={`${id}-distance`}
            className="form-select"
            value={draft.distance ?? ''}
            onChange={(e) => set({ distance: e.target.value ? Number(e.target.value) : null })}
          >
            {DISTANCES.map((d) => (
              <option key={d ?? 'any'} value={d ?? ''}>
                {d === null ? t('finder.anywhere') : t('finder.withinKm', { km: d })}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12">
          <details>
            <summary className="mb-2">{t('finder.interestsToggle', { count: draft.interests.length })}</summary>
            <InterestsPicker
              value={draft.interests}
              onChange={(interests) => set({ interests: interests as MatchPreferences['interests'] })}
            />
          </details>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={isSaving || draft.genders.length === 0}>
            {t('finder.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
