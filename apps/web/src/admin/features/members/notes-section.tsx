import { type AdminMemberDetail, type AdminMemberNote, adminMemberCalls } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../lib/format';
import { memberErrorMessage } from './member-errors';
import { memberKeys } from './queries';
import { Section } from './section';

/** Staff notes on the member, newest first, and the form to add one. */
export function NotesSection({ id, notes, canAdd }: { id: number; notes: AdminMemberNote[]; canAdd: boolean }) {
  const { t } = useTranslation('admin-members');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: (body: { id: number; text: string }) => call(adminMemberCalls.addNote, { body }),
    onSuccess: ({ note }) => {
      setText('');
      queryClient.setQueryData(memberKeys.detail(id), (old: AdminMemberDetail | undefined) =>
        old ? { ...old, notes: [note, ...old.notes] } : old,
      );
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim()) mutation.mutate({ id, text: text.trim() });
  }

  return (
    <Section id="notes" title={t('sections.notes')}>
      {canAdd && (
        <form className="mb-3" onSubmit={submit}>
          <label className="form-label" htmlFor="member-note">
            {t('notes.new')}
          </label>
          <textarea
            id="member-note"
            className="form-control mb-2"
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={!text.trim() || mutation.isPending}>
            {t('notes.add')}
          </button>
          {mutation.isError && <ErrorAlert className="mt-2 mb-0">{memberErrorMessage(mutation.error)}</ErrorAlert>}
        </form>
      )}
      {notes.length === 0 ? (
        <p className="mb-0">{t('notes.none')}</p>
      ) : (
        <ul className="list-group" data-testid="member-notes">
          {notes.map((n) => (
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
