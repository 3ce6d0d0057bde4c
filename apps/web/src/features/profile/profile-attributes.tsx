import type { Profile } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../session/use-settings';

const ENUM_FIELDS = [
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
] as const;

/**
 * Attributes, interests and description of a profile, limited to settings.visible_profile_fields.
 * The editing hints of settings.visible_profile_notes are for the owner while editing and show only on
 * /profile (features/profile-edit/profile-form.tsx), never on a profile page.
 */
export function ProfileAttributes({ profile }: { profile: Profile }) {
  const settings = useSettings();
  const { t } = useTranslation();
  const visible = new Set<string>(settings.visible_profile_fields);
  const rows: { field: string; value: string }[] = ENUM_FIELDS.filter((f) => visible.has(f) && profile[f]).map((f) => ({
    field: f,
    value: t(`profile.values.${f}.${profile[f]}`),
  }));
  if (visible.has('city') && profile.city) rows.push({ field: 'city', value: profile.city });

  return (
    <>
      {visible.has('description') && profile.description && (
        <section className="mb-4" aria-labelledby="about-heading">
          <h2 id="about-heading" className="h5">
            {t('profile.about', { name: profile.name })}
          </h2>
          <p className="profile-description mb-0">{profile.description}</p>
        </section>
      )}
      {rows.length > 0 && (
        <section className="mb-4" aria-labelledby="details-heading">
          <h2 id="details-heading" className="h5">
            {t('profile.details')}
          </h2>
          <dl className="mb-0 profile-attributes">
            {rows.map(({ field, value }) => (
              <div key={field} className="d-flex justify-content-between gap-3 border-bottom py-2">
                <dt className="fw-normal text-body-secondary">{t(`profile.fields.${field}`)}</dt>
                <dd className="mb-0 text-end fw-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {visible.has('interests') && profile.interests.length > 0 && (
        <section className="mb-4" aria-labelledby="interests-heading">
          <h2 id="interests-heading" className="h5">
            {t('profile.fields.interests')}
          </h2>
          <ul className="list-inline mb-0">
            {profile.interests.map((tag) => (
              <li key={tag} className="list-inline-item mb-2">
                <span className="badge rounded-pill interest-badge">
                  {t(`interests.${tag}`, { defaultValue: tag })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
