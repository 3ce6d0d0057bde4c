import { type ChatCosts, type Gift, type MessageNeedsConfirmationData, TYPING_SIGNAL_SECONDS } from '@app/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { ApiError } from '../../lib/api';
import { sendRealtime } from '../../lib/realtime';
import { readStorage, writeStorage } from '../../lib/storage';
import { ChatAlert } from './chat-alert';
import { GiftPicker } from './gift-picker';
import { confirmationNeeded } from './safety';
import { SendConfirmDialog } from './send-confirm-dialog';

function CameraIcon() {
  return (
    <svg className="icon" width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M5.5 2 4.5 3.5H2a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-2.5L10.5 2zM8 5.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6m0 1.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3" />
    </svg>
  );
}

/** localStorage key of the "send on enter" choice. */
export const SEND_ON_ENTER_KEY = 'chat-send-on-enter';

export interface MessageFormProps {
  conversation: number | null;
  maxLength: number;
  costs: ChatCosts;
  initialText?: string;
  isGiftPickerOpen: boolean;
  onGiftPickerChange: (open: boolean) => void;
  /** Sends a text; `confirmed` after the sender chose "Send anyway" (409 message_needs_confirmation). */
  onSendText: (text: string, confirmed?: boolean) => Promise<void>;
  onSendPhoto: (file: File) => Promise<void>;
  onSendGift: (gift: Gift) => Promise<void>;
}

/**
 * The send footer (SPEC.md 2, 5): text with a character counter against message_length, "send on
 * enter" (remembered), photo upload and the gift picker. A refused send keeps the typed text and
 * shows the alert (buy credits, premium). A text with a link, phone number, e-mail address or
 * messenger name is first refused with 409 message_needs_confirmation: the "Are you sure?" dialog
 * explains why and marks those parts; Edit returns to the draft, Send anyway sends it with
 * `confirmed` (issue: safer conversations). Typing signals go out at most every few seconds.
 */
export function MessageForm(props: MessageFormProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(props.initialText ?? '');
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [sendOnEnter, setSendOnEnter] = useState(() => readStorage(SEND_ON_ENTER_KEY) !== 'false');
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);
  // The draft the server asked about, with its kinds and spans; the dialog shows while set.
  const [confirming, setConfirming] = useState<{ text: string; data: MessageNeedsConfirmationData } | null>(null);
  // Bumped by Edit: focus goes back to the draft once the dialog has closed (and restored its own focus).
  const [focusDraft, setFocusDraft] = useState(0);
  const length = [...text].length;
  const isTooLong = length > props.maxLength;

  useEffect(() => {
    if (props.initialText) setText(props.initialText);
  }, [props.initialText]);

  useEffect(() => {
    if (focusDraft > 0) textInput.current?.focus();
  }, [focusDraft]);

  const run = async (send: () => Promise<void>, onDone?: () => void, onRefused?: (err: unknown) => boolean) => {
    setSending(true);
    setError(null);
    try {
      await send();
      onDone?.();
    } catch (err) {
      if (onRefused?.(err)) return;
      setError(err instanceof ApiError ? err : new ApiError(0, 'general', t('alert.general')));
    } finally {
      setSending(false);
    }
  };

  const sendText = (draft: string, confirmed: boolean) =>
    run(
      () => props.onSendText(draft, confirmed || undefined),
      () => {
        setConfirming(null);
        setText('');
      },
      (err) => {
        const data = confirmed ? null : confirmationNeeded(err);
        setConfirming(data ? { text: draft, data } : null);
        return data !== null;
      },
    );

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (isSending || isTooLong || text.trim() === '') return;
    void sendText(text, false);
  };

  const handleChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (props.conversation !== null && value !== '' && now - lastTyping.current > TYPING_SIGNAL_SECONDS * 1000) {
      lastTyping.current = now;
      sendRealtime({ type: 'typing', conversation: props.conversation });
    }
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendOnEnter && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const toggleSendOnEnter = (value: boolean) => {
    setSendOnEnter(value);
    writeStorage(SEND_ON_ENTER_KEY, String(value));
  };

  return (
    <form className="chat-footer" onSubmit={submit} data-testid="message-form" noValidate>
      {error && <ChatAlert error={error} onClose={() => setError(null)} />}
      <div className="d-flex gap-2 align-items-end chat-composer">
        <button
          type="button"
          className="btn btn-outline-secondary"
          title={t('photo.button', { count: props.costs.photo })}
          aria-label={t('photo.button', { count: props.costs.photo })}
          disabled={isSending}
          onClick={() => fileInput.current?.click()}
        >
          <CameraIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="d-none"
          data-testid="chat-photo-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(() => props.onSendPhoto(file));
          }}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          title={t('gift.button')}
          aria-label={t('gift.button')}
          disabled={isSending}
          onClick={() => props.onGiftPickerChange(true)}
        >
          <Icon name="gift" />
        </button>
        <label className="visually-hidden" htmlFor="chat-text">
          {t('form.label')}
        </label>
        <textarea
          id="chat-text"
          ref={textInput}
          className={`form-control chat-input${isTooLong ? ' is-invalid' : ''}`}
          rows={2}
          value={text}
          placeholder={t('form.placeholder')}
          onChange={(e) => handleChange(e.target.value)}
          onKeyDown={handleKeyDown}
          data-testid="chat-input"
        />
        <button type="submit" className="btn btn-primary" disabled={isSending || isTooLong || text.trim() === ''}>
          {t('form.send')}
        </button>
      </div>
      <div className="d-flex justify-content-between align-items-center gap-2 small mt-1">
        <div className="form-check mb-0">
          <input
            id="chat-send-on-enter"
            type="checkbox"
            className="form-check-input"
            checked={sendOnEnter}
            onChange={(e) => toggleSendOnEnter(e.target.checked)}
          />
          <label className="form-check-label" htmlFor="chat-send-on-enter">
            {t('form.sendOnEnter')}
          </label>
        </div>
        <span className="text-body-secondary d-none d-sm-inline">{t('form.cost', { count: props.costs.message })}</span>
        <span className={isTooLong ? 'text-danger fw-semibold' : 'text-body-secondary'} data-testid="chat-counter">
          {length} / {props.maxLength}
        </span>
      </div>
      {confirming && (
        <SendConfirmDialog
          text={confirming.text}
          data={confirming.data}
          isSending={isSending}
          onEdit={() => {
            setConfirming(null);
            setFocusDraft((n) => n + 1);
          }}
          onSendAnyway={() => void sendText(confirming.text, true)}
        />
      )}
      {props.isGiftPickerOpen && (
        <GiftPicker
          isSending={isSending}
          onClose={() => props.onGiftPickerChange(false)}
          onPick={(gift) => {
            props.onGiftPickerChange(false);
            void run(() => props.onSendGift(gift));
          }}
        />
      )}
      <p className="small text-body-secondary mb-0 mt-1" data-testid="photo-blur-notice">
        {t('explicit.senderNotice')}
      </p>
    </form>
  );
}
