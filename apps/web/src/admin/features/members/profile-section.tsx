import type { AdminMemberProfile } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { Fields, Section } from './section';
import { StatusBadge } from './status-badge';

/** The profile with every field a member sees, its status and date of birth. */
export function ProfileSection({ profile }: { profile: AdminMemberProfile | null }) {
  const { t } = useTranslation('admin-members');
  if (!profile) {
    return (
      <Section id="profile" title={t('sections.profile')}>
        <p className="mb-0">{t('profile.none')}</p>
      </Section>
    );
  }
  const p = profile;
  const value = (field: string, v: string | null) => codeLabel(t, `values.${field}`, v);
  return (
    <Section id="profile" title={t('sections.profile')}>
      <Fields
        rows={[
          [t('profile.id'), p.id],
          [t('profile.name'), p.name],
          [t('profile.status'), <StatusBadge key="s" group="profileStatus" code={p.status} />],
          [t('profile.gender'), value('gender', p.gender)],
          [t('profile.sexuality'), value('sexuality', p.sexuality)],
          [t('profile.dateOfBirth'), `${p.date_of_birth} (${t('profile.age', { age: p.age })})`],
          [t('profile.place'), [p.city, p.region, p.country].filter(Boolean).join(', ')],
          [t('profile.hairColor'), value('hair_color', p.hair_color)],
          [t('profile.eyeColor'), value('eye_color', p.eye_color)],
          [t('profile.bodyType'), value('body_type', p.body_type)],
          [t('profile.relationshipStatus'), value('relationship_status', p.relationship_status)],
          [t('profile.tattoos'), value('tattoos', p.tattoos)],
          [t('profile.reason'), value('reason', p.reason)],
          [
            t('profile.interests'),
            p.interests.length > 0 ? p.interests.map((i) => value('interests', i)).join(', ') : '—',
          ],
          [
            t('profile.description'),
            <span key="d" style={{ whiteSpace: 'pre-wrap' }}>
              {p.description || '—'}
            </span>,
          ],
          [t('profile.lastActive'), formatDateTime(p.last_active_at)],
          [t('profile.created'), formatDateTime(p.created_at)],
        ]}
      />
    </Section>
  );
}
