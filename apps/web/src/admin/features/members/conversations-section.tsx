import type { AdminMemberConversation } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { formatDateTime } from '../../lib/format';
import { ConversationView } from './conversation-view';
import { memberConversationsQuery } from './queries';
import { Section, TableBox } from './section';

/**
 * The member's conversations (moderators, admins). Reading them is audit-logged, so nothing loads
 * until the staff member asks; one conversation opens below the list, read only.
 */
export function ConversationsSection({ id, memberName }: { id: number; memberName: string }) {
  const { t } = useTranslation('admin-members');
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState<AdminMemberConversation | null>(null);
  const list = useQuery({ ...memberConversationsQuery(id), enabled: shown });
  return (
    <Section id="conversations" title={t('sections.conversations')}>
      {!shown ? (
        <>
          <p>{t('conversations.logged')}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setShown(true)}>
            {t('conversations.show')}
          </button>
        </>
      ) : list.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.isError ? (
        <AdminError error={list.error} />
      ) : list.data.conversations.length === 0 ? (
        <p className="mb-0">{t('conversations.none')}</p>
      ) : (
        <TableBox label={t('sections.conversations')}>
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{t('sections.conversations')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('conversations.partner')}</th>
                <th scope="col" className="text-end">
                  {t('conversations.messages')}
                </th>
                <th scope="col">{t('conversations.last')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.conversations.map((c) => (
                <tr key={c.id} className={open?.id === c.id ? 'table-active' : undefined}>
                  <td>
                    {c.partner_name} (#{c.partner_profile_id})
                    {c.partner_fictional && (
                      <span className="badge text-bg-info ms-1">{t('conversations.fictional')}</span>
                    )}
                  </td>
                  <td className="text-end">{c.message_count}</td>
                  <td>{formatDateTime(c.last_message_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      aria-label={t('conversations.readWith', { name: c.partner_name })}
                      aria-pressed={open?.id === c.id}
                      onClick={() => setOpen(c)}
                    >
                      {t('conversations.read')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {open && <ConversationView id={id} conversation={open} memberName={memberName} onClose={() => setOpen(null)} />}
    </Section>
  );
}
