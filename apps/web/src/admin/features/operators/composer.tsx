import {
  type AdminInboxAnswerBody,
  type AdminInboxAnswerResult,
  type AdminInboxConversation,
  adminOperatorCalls,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { inboxKeys, isLockLost, lockedBy, newClientId } from './api';

type Outgoing = { kind: 'text'; text: string } | { kind: 'gift'; gift: number } | { kind: 'photo'; file: File };

/**
 * Sends one answer as the fictional profile. The client id is made once per answer, so a retry after
 * a lost connection is stored once.
 */
function send(id: number, outgoing: Outgoing, clientId: string): Promise<AdminInboxAnswerResult> {
  if (outgoing.kind === 'photo') {
    const form = new FormData();
    form.set('id', String(id));
    form.set('client_id', clientId);
    form.set('file', outgoing.file);
    return call(adminOperatorCalls.answerPhoto, { form });
  }
  const body: AdminInboxAnswerBody =
    outgoing.kind === 'gift'
      ? { id, client_id: clientId, kind: 'gift', gift: outgoing.gift }
      : { id, client_id: clientId, kind: 'text', text: outgoing.text };
  return call(adminOperatorCalls.answer, { body });
}

/** The answer box: a text (the site's message_length), a gift of the catalogue or a photo, all free for the member. */
export function Composer({ conversation, disabled }: { conversation: AdminInboxConversation; disabled: boolean }) {
  const { t } = useTranslation('admin-operators');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [gift, setGift] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const clientIds = useRef(new Map<string, string>());
  const ids = { text: useId(), gift: useId(), photo: useId(), count: useId() };
  const length = [...text.trim()].length;
  const max = conversation.message_length;

  const mutation = useMutation({
    mutationFn: ({ outgoing, key }: { outgoing: Outgoing; key: string }) => {
      let clientId = clientIds.current.get(key);
      if (!clientId) {
        clientId = newClientId();
        clientIds.current.set(key, clientId);
      }
      return send(conversation.id, outgoing, clientId);
    },
    onSuccess: (result, { outgoing, key }) => {
      clientIds.current.delete(key);
      if (outgoing.kind === 'text') setText('');
      if (outgoing.kind === 'gift') setGift('');
      if (outgoing.kind === 'photo') {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      queryClient.setQueryData(inboxKeys.conversation(conversation.id), (old: AdminInboxConversation | undefined) => {
        if (!old) return old;
        const known = old.messages.some((m) => m.id === result.message.id);
        return {
          ...old,
          awaiting_reply_since: null,
          waiting_seconds: null,
          lock: result.lock ?? old.lock,
          messages: known ? old.messages : [...old.messages, result.message],
        };
      });
      void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'list'] });
    },
  });

  function answerText(e: FormEvent) {
    e.preventDefault();
    if (length > 0 && length <= max) mutation.mutate({ outgoing: { kind: 'text', text }, key: `text:${text.trim()}` });
  }
  function answerGift(e: FormEvent) {
    e.preventDefault();
    if (gift !== '') mutation.mutate({ outgoing: { kind: 'gift', gift }, key: `gift:${gift}` });
  }
  function answerPhoto(e: FormEvent) {
    e.preventDefault();
    if (file) mutation.mutate({ outgoing: { kind: 'photo', file }, key: `photo:${file.name}:${file.size}` });
  }

  const locked = lockedBy(mutation.error);
  const failure = mutation.isError
    ? locked
      ? t('lock.takenBy', { name: locked.name })
      : isLockLost(mutation.error)
        ? t('lock.lost')
        : errorMessage(mutation.error)
    : null;
  const busy = disabled || mutation.isPending;

  return (
    <section className="card mb-3" aria-labelledby="composer-title">
      <div className="card-header">
        <h2 className="h5 mb-0" id="composer-title">
          {t('composer.title', { name: conversation.fictional.name })}
        </h2>
      </div>
      <div className="card-body">
        <p className="small text-body-secondary">{t('composer.free')}</p>
        <form onSubmit={answerText} className="mb-3">
          <label className="form-label" htmlFor={ids.text}>
            {t('composer.text')}
          </label>
          <textarea
            id={ids.text}
            className={`form-control mb-1${length > max ? ' is-invalid' : ''}`}
            rows={4}
            value={text}
            aria-describedby={ids.count}
            data-testid="inbox-answer"
            onChange={(e) => setText(e.target.value)}
          />
          <div className="d-flex justify-content-between align-items-center gap-2">
            <span id={ids.count} className={`small ${length > max ? 'text-danger' : 'text-body-secondary'}`}>
              {t('composer.count', { count: length, max })}
            </span>
            <button type="submit" className="btn btn-primary" disabled={busy || length === 0 || length > max}>
              {t('composer.send')}
            </button>
          </div>
        </form>
        <div className="row g-3">
          <form className="col-md-6" onSubmit={answerGift}>
            <label className="form-label" htmlFor={ids.gift}>
              {t('composer.gift')}
            </label>
            <div className="input-group">
              <select
                id={ids.gift}
                className="form-select"
                value={gift}
                onChange={(e) => setGift(e.target.value ? Number(e.target.value) : '')}
              >
                <option value="">{t('composer.chooseGift')}</option>
                {conversation.gifts.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-outline-primary" disabled={busy || gift === ''}>
                {t('composer.sendGift')}
              </button>
            </div>
          </form>
          <form className="col-md-6" onSubmit={answerPhoto}>
            <label className="form-label" htmlFor={ids.photo}>
              {t('composer.photo')}
            </label>
            <div className="input-group">
              <input
                id={ids.photo}
                ref={fileInput}
                className="form-control"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <button type="submit" className="btn btn-outline-primary" disabled={busy || !file}>
                {t('composer.sendPhoto')}
              </button>
            </div>
          </form>
        </div>
        {failure && <ErrorAlert className="mt-3 mb-0">{failure}</ErrorAlert>}
        {mutation.isSuccess && (
          <p className="visually-hidden" role="status">
            {t('composer.sent')}
          </p>
        )}
      </div>
    </section>
  );
}
