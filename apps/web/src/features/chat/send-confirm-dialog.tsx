import type { MessageNeedsConfirmationData } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { splitBySpans } from '../../lib/text-spans';

/**
 * "Are you sure?" before a risky text is sent (issue: safer conversations; 409
 * message_needs_confirmation): why each kind found is risky, and the draft as the server checked it
 * (trimmed) with the matched parts marked, each mark named by its kind for screen readers. Edit goes
 * back to the composer with the draft intact; Send anyway sends it again with `confirmed`.
 */
export function SendConfirmDialog({
  text,
  data,
  isSending,
  onEdit,
  onSendAnyway,
}: {
  text: string;
  data: MessageNeedsConfirmationData;
  isSending: boolean;
  onEdit: () => void;
  onSendAnyway: () => void;
}) {
  const { t } = useTranslation('chat');
  const parts = splitBySpans(text.trim(), data.signals);
  return (
    <ConfirmDialog
      question={t('safety.confirm.title')}
      details={t('safety.confirm.intro')}
      confirmLabel={t('safety.confirm.send')}
      cancelLabel={t('safety.confirm.edit')}
      confirmTone="primary"
      isBusy={isSending}
      onConfirm={onSendAnyway}
      onCancel={onEdit}
    >
      <ul className="chat-confirm-reasons" data-testid="confirm-reasons">
        {data.kinds.map((kind) => (
          <li key={kind}>{t(`safety.confirm.reasons.${kind}`)}</li>
        ))}
      </ul>
      <p className="small text-body-secondary mb-1">{t('safety.confirm.draft')}</p>
      <p className="chat-confirm-draft mb-0" data-testid="confirm-draft">
        {parts.map((part, i) =>
          part.kinds.length === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
            <span key={i}>{part.text}</span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
            <mark key={i} className="chat-signal-mark" data-kinds={part.kinds.join(' ')}>
              {part.text}
              <span className="visually-hidden">
                {' '}
                ({part.kinds.map((kind) => t(`safety.kind.${kind}`)).join(', ')})
              </span>
            </mark>
          ),
        )}
      </p>
    </ConfirmDialog>
  );
}
