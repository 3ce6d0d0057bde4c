import type { AdminInboxConversation } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from '../members/labels';
import { Fields, Section } from '../members/section';
import { Thumb } from './inbox-table';

/** The member's profile as operators see it: no e-mail address, no payments. */
export function MemberPanel({ conversation }: { conversation: AdminInboxConversation }) {
  const { t } = useTranslation('admin-operators');
  const { t: tm } = useTranslation('admin-members');
  const m = conversation.member;
  const place = [m.city, m.region, m.country].filter(Boolean).join(', ');
  return (
    <Section id="member" title={t('panels.member')}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <Thumb url={m.thumb_url} />
        <p className="mb-0 fw-semibold" data-testid="inbox-member-name">
          {m.name}, {tm('profile.age', { age: m.age })}
        </p>
      </div>
      <Fields
        rows={[
          [tm('profile.gender'), codeLabel(tm, 'values.gender', m.gender)],
          [tm('profile.place'), place || '—'],
          [tm('profile.relationshipStatus'), codeLabel(tm, 'values.relationship_status', m.relationship_status)],
          [tm('profile.reason'), codeLabel(tm, 'values.reason', m.reason)],
          [tm('profile.interests'), m.interests.length ? m.interests.join(', ') : '—'],
          [
            tm('profile.description'),
            <span key="description" style={{ whiteSpace: 'pre-wrap' }}>
              {m.description || '—'}
            </span>,
          ],
          [t('member.signup'), formatDateTime(m.signup_date)],
          [tm('profile.lastActive'), formatDateTime(m.last_active_at)],
        ]}
      />
    </Section>
  );
}

/** The fictional profile the operator writes as, with its persona note. */
export function PersonaPanel({ conversation }: { conversation: AdminInboxConversation }) {
  const { t } = useTranslation('admin-operators');
  const { t: tm } = useTranslation('admin-members');
  const f = conversation.fictional;
  return (
    <Section id="persona" title={t('panels.persona')}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <Thumb url={f.thumb_url} />
        <p className="mb-0 fw-semibold">
          {f.name}, {tm('profile.age', { age: f.age })}
          {f.city ? ` · ${f.city}` : ''}
        </p>
      </div>
      <h3 className="h6">{t('persona.note')}</h3>
      <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }} data-testid="inbox-persona">
        {f.persona_note || t('persona.none')}
      </p>
      {f.description && (
        <>
          <h3 className="h6">{tm('profile.description')}</h3>
          <p className="mb-0 small" style={{ whiteSpace: 'pre-wrap' }}>
            {f.description}
          </p>
        </>
      )}
    </Section>
  );
}
