import { GENDERS, type MatchPreferences } from '@app/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { AGE_OPTIONS, SEARCH_DISTANCES, toNumber } from '../members/search-options';
import { InterestsPicker } from '../profile-edit/interests-picker';

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
  const set = (patch: Partial<MatchPreferences>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleGender = (g: (typeof GENDERS)[number]) =>
    set({ genders: draft.genders.includes(g) ? draft.genders.filter((x) => x !== g) : [...draft.genders, g] });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };

  return (
    <form
      className="card card-body shadow-sm mb-4"
      onSubmit={handleSubmit}
      aria-label={t('finder.formLabel')}
      noValidate
    >
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
        <SelectField
          className="col-6 col-md-2"
          label={t('finder.minAge')}
          value={draft.min_age}
          options={AGE_OPTIONS}
          onChange={(v) => set({ min_age: Number(v) })}
        />
        <SelectField
          className="col-6 col-md-2"
          label={t('finder.maxAge')}
          value={draft.max_age}
          options={AGE_OPTIONS}
          onChange={(v) => set({ max_age: Number(v) })}
        />
        <SelectField
          className="col-12 col-md-4"
          label={t('finder.distance')}
          value={draft.distance}
          emptyLabel={t('finder.anywhere')}
          options={SEARCH_DISTANCES.map((km) => ({ value: km, label: t('finder.withinKm', { km }) }))}
          onChange={(v) => set({ distance: toNumber(v) ?? null })}
        />
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
