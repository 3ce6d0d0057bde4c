import type { AdminMemberConversation } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { memberConversationQuery } from './queries';

/** One conversation, read only: each message with its sender, kind, text, gift, photo, credits and time. */
export function ConversationView({
  id,
  conversation,
  memberName,
  onClose,
}: {
  id: number;
  conversation: AdminMemberConversation;
  memberName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-members');
  const query = useQuery(memberConversationQuery(id, conversation.id));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="border rounded p-2 mt-3" data-testid="conversation-view">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0" ref={heading} tabIndex={-1}>
          {t('conversations.title', { member: memberName, partner: conversation.partner_name })}
        </h3>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('conversations.close')}
        </button>
      </div>
      {query.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : query.isError ? (
        <AdminError error={query.error} />
      ) : (
        <>
          {query.data.truncated && <p className="small">{t('conversations.truncated')}</p>}
          {query.data.messages.length === 0 && <p className="mb-0">{t('conversations.empty')}</p>}
          <ol className="list-unstyled mb-0">
            {query.data.messages.map((m) => (
              <li
                key={m.id}
                className={`p-2 mb-2 rounded border ${m.from_member ? 'bg-body-tertiary ms-md-5' : 'me-md-5'}`}
              >
                <p className="small fw-semibold mb-1">
                  {m.from_member ? memberName : conversation.partner_name} · {formatDateTime(m.created_at)} ·{' '}
                  {codeLabel(t, 'messageKinds', m.kind)}
                  {m.credits_spent > 0 && ` · ${t('conversations.credits', { credits: m.credits_spent })}`}
                </p>
                {m.body && (
                  <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.body}
                  </p>
                )}
                {m.gift && (
                  <p className="mb-1">
                    <img src={m.gift.image} alt="" width={32} height={32} className="me-1" />
                    {t('conversations.gift', { name: m.gift.name, credits: m.gift.credits })}
                  </p>
                )}
                {m.photo_thumb_url && (
                  <a href={m.photo_url ?? m.photo_thumb_url} target="_blank" rel="noreferrer">
                    <img className="admin-thumb" src={m.photo_thumb_url} alt={t('conversations.photo')} />
                  </a>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
