import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  MINIMUM_AGE,
  type Profile,
  type ProfileUpdate,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@app/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api';
import { useSettings } from '../session/use-settings';
import { useUpdateProfile } from './api';
import { InterestsPicker } from './interests-picker';
import { LocationFields } from './location-fields';

/** Select fields of the Profile entity with their values (SPEC.md 3). */
const SELECTS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
  reason: REASONS,
} as const;
type SelectField = keyof typeof SELECTS;
/** gender and sexuality are required; the others may stay unanswered. */
const REQUIRED: ReadonlySet<string> = new Set(['gender', 'sexuality']);

function draftOf(p: Profile) {
  return {
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.date_of_birth ?? '',
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    tattoos: p.tattoos,
    reason: p.reason,
    interests: p.interests,
    description: p.description,
    country: p.country,
    region: p.region,
    city: p.city,
  };
}
type Draft = ReturnType<typeof draftOf>;

/** Latest allowed date of birth: MINIMUM_AGE years ago today (YYYY-MM-DD). */
function latestBirthDate(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - MINIMUM_AGE, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * Every editable attribute of the own profile (SPEC.md 2, 3). Which fields show and their notes
 * follow settings.visible_profile_fields and visible_profile_notes; the name always shows.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const id = useId();
  const save = useUpdateProfile();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const visible = new Set<string>(settings.visible_profile_fields);
  const note = (field: string) => settings.visible_profile_notes[field];
  const errorField = isApiError(save.error) ? (save.error.data as { field?: string } | undefined)?.field : undefined;
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (save.isSuccess || save.isError) save.reset();
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const update: ProfileUpdate = { name: draft.name.trim() };
    for (const field of Object.keys(SELECTS) as SelectField[]) {
      if (visible.has(field)) Object.assign(update, { [field]: draft[field] });
    }
    if (visible.has('date_of_birth') && draft.date_of_birth) update.date_of_birth = draft.date_of_birth;
    if (visible.has('interests')) update.interests = draft.interests;
    if (visible.has('description')) update.description = draft.description;
    if (visible.has('city')) Object.assign(update, { country: draft.country, region: draft.region, city: draft.city });
    save.mutate(update, { onSuccess: (saved) => setDraft(draftOf(saved)) });
  };

  const field = (name: string, label: string, control: ReactNode, col = 'col-sm-6') => (
    <div className={col} key={name}>
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      {control}
      {note(name) && <div className="form-text">{note(name)}</div>}
    </div>
  );
  const invalid = (name: string) => (errorField === name ? ' is-invalid' : '');

  return (
    <form onSubmit={handleSubmit} aria-labelledby={`${id}-heading`} data-testid="profile-form" noValidate>
      <h2 id={`${id}-heading`} className="h5">
        {t('form.title')}
      </h2>
      <div className="row g-3 mb-3">
        {field(
          'name',
          t('form.name'),
          <input
            id={`${id}-name`}
            className={`form-control${invalid('name')}`}
            value={draft.name}
            minLength={2}
            maxLength={40}
            required
            onChange={(e) => set({ name: e.target.value })}
          />,
        )}
        {visible.has('date_of_birth') &&
          field(
            'date_of_birth',
            t('common:profile.fields.date_of_birth'),
            <input
              id={`${id}-date_of_birth`}
              type="date"
              className={`form-control${invalid('date_of_birth')}`}
              value={draft.date_of_birth}
              max={latestBirthDate()}
              required
              onChange={(e) => set({ date_of_birth: e.target.value })}
            />,
          )}
        {(Object.keys(SELECTS) as SelectField[])
          .filter((f) => visible.has(f))
          .map((f) =>
            field(
              f,
              t(`common:profile.fields.${f}`),
              <select
                id={`${id}-${f}`}
                className={`form-select${invalid(f)}`}
                value={draft[f] ?? ''}
                onChange={(e) => set({ [f]: e.target.value || null } as Partial<Draft>)}
              >
                {!REQUIRED.has(f) && <option value="">{t('form.noAnswer')}</option>}
                {SELECTS[f].map((v) => (
                  <option key={v} value={v}>
                    {t(`common:profile.values.${f}.${v}`)}
                  </option>
                ))}
              </select>,
            ),
          )}
      </div>
      {visible.has('city') && (
        <div className={`mb-3${errorField === 'region' || errorField === 'country' ? ' was-invalid' : ''}`}>
          <LocationFields
            value={{ country: draft.country, region: draft.region, city: draft.city }}
            onChange={(loc) => set(loc)}
          />
          {note('city') && <div className="form-text">{note('city')}</div>}
        </div>
      )}
      {visible.has('interests') && (
        <div className="mb-3">
          <InterestsPicker value={draft.interests} onChange={(interests) => set({ interests })} />
        </div>
      )}
      {visible.has('description') && (
        <div className="mb-3">
          <label htmlFor={`${id}-description`} className="form-label">
            {t('common:profile.fields.description')}
          </label>
          <textarea
            id={`${id}-description`}
            className="form-control"
            rows={5}
            maxLength={2000}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          <div className="form-text">
            {note('description') ?? t('form.descriptionHint')} ({draft.description.length}/2000)
          </div>
        </div>
      )}
      {save.isError && <ErrorAlert className="py-2">{save.error.message || t('errors:general')}</ErrorAlert>}
      {save.isSuccess && (
        <div className="alert alert-success py-2" role="status">
          {t('form.saved')}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('form.saving') : t('form.save')}
      </button>
    </form>
  );
}
