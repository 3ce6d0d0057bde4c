import { type AdminInboxConversation, adminOperatorCalls } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api';
import { AdminError } from '../../components/error-text';
import { formatDateTime } from '../../lib/format';
import { Section } from '../members/section';
import { inboxKeys } from './api';

/** Staff notes on the member, newest first, and the form to add one. */
export function NotesPanel({ conversation }: { conversation: AdminInboxConversation }) {
  const { t } = useTranslation('admin-operators');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: (note: string) => call(adminOperatorCalls.addNote, { body: { id: conversation.id, text: note } }),
    onSuccess: ({ note }) => {
      setText('');
      queryClient.setQueryData(inboxKeys.conversation(conversation.id), (old: AdminInboxConversation | undefined) =>
        old ? { ...old, notes: [note, ...old.notes] } : old,
      );
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim()) mutation.mutate(text.trim());
  }

  return (
    <Section id="notes" title={t('panels.notes')}>
      <form className="mb-3" onSubmit={submit}>
        <label className="form-label" htmlFor="inbox-note">
          {t('notes.new')}
        </label>
        <textarea
          id="inbox-note"
          className="form-control mb-2"
          rows={2}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!text.trim() || mutation.isPending}>
          {t('notes.add')}
        </button>
        {mutation.isError && <AdminError error={mutation.error} />}
      </form>
      {conversation.notes.length === 0 ? (
        <p className="mb-0">{t('notes.none')}</p>
      ) : (
        <ul className="list-group" data-testid="inbox-notes">
          {conversation.notes.map((n) => (
            <li className="list-group-item" key={n.id}>
              <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
                {n.text}
              </p>
              <p className="small text-body-secondary mb-0">
                {n.staff_name} · {formatDateTime(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
