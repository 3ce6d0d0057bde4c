import type { SignalMemberDetail, SignalMessage } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useReleaseHeld, useScamSanction } from './api';
import { signalErrorMessage } from './signal-errors';

/** The action waiting for its confirmation: release one message or all held ones, warn, ban. */
export type SignalAction = { kind: 'release'; message?: SignalMessage } | { kind: 'warn' } | { kind: 'ban' };

/**
 * The confirmation dialog of a Signals action and its call (issue: safer conversations): a release
 * says what it charges and may also reset the risk score (a false alarm); warn and ban go through
 * the sanctions call with reason scam and may carry a note for the member (a ban drops the held
 * messages uncharged). Errors show in the dialog (e.g. 402: the member's credits do not cover the
 * release); success closes it and `onDone` gets the result's sentence.
 */
export function SignalActionDialog({
  action,
  detail,
  onClose,
  onDone,
}: {
  action: SignalAction;
  detail: SignalMemberDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin-signals');
  const id = useId();
  const release = useReleaseHeld();
  const sanction = useScamSanction();
  const [resetScore, setResetScore] = useState(false);
  const [note, setNote] = useState('');
  const { member } = detail;
  const name = member.name;
  const common = {
    cancelLabel: t('actions.cancel'),
    closeLabel: t('actions.close'),
    onCancel: onClose,
  };
  const error = release.error ?? sanction.error;
  const errorBlock = error ? <ErrorAlert className="mt-3 mb-0">{signalErrorMessage(error)}</ErrorAlert> : null;

  if (action.kind === 'release') {
    const one = action.message;
    const cost = one ? one.credits : undefined;
    return (
      <ConfirmDialog
        {...common}
        question={
          one
            ? t('confirm.releaseOne', { name: one.recipient.name })
            : t('confirm.releaseAll', { count: member.held_count })
        }
        details={
          cost === undefined
            ? t('confirm.releaseAllDetails', { credits: detail.credits })
            : t('confirm.releaseOneDetails', { count: cost, credits: detail.credits })
        }
        confirmLabel={one ? t('actions.releaseOne') : t('actions.releaseAll')}
        confirmTone="primary"
        isBusy={release.isPending}
        onConfirm={() =>
          release.mutate(
            {
              user_id: member.user_id,
              ...(one ? { message_ids: [one.id] } : {}),
              ...(resetScore ? { reset_score: true } : {}),
            },
            {
              onSuccess: (result) =>
                onDone(t('done.released', { count: result.released.length, charged: result.charged })),
            },
          )
        }
      >
        <div className="form-check">
          <input
            id={`${id}-reset`}
            className="form-check-input"
            type="checkbox"
            checked={resetScore}
            onChange={(e) => setResetScore(e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-reset`}>
            {t('confirm.resetScore')}
          </label>
        </div>
        {errorBlock}
      </ConfirmDialog>
    );
  }

  const isBan = action.kind === 'ban';
  return (
    <ConfirmDialog
      {...common}
      question={isBan ? t('confirm.ban', { name }) : t('confirm.warn', { name })}
      details={isBan ? t('confirm.banDetails', { count: member.held_count }) : t('confirm.warnDetails')}
      confirmLabel={isBan ? t('actions.ban') : t('actions.warn')}
      confirmTone={isBan ? 'danger' : 'warning'}
      isBusy={sanction.isPending}
      onConfirm={() =>
        sanction.mutate(
          { user_id: member.user_id, kind: action.kind, ...(note.trim() ? { note: note.trim() } : {}) },
          { onSuccess: () => onDone(isBan ? t('done.banned', { name }) : t('done.warned', { name })) },
        )
      }
    >
      <label className="form-label small mb-1" htmlFor={`${id}-note`}>
        {t('confirm.note')}
      </label>
      <textarea
        id={`${id}-note`}
        className="form-control form-control-sm"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {errorBlock}
    </ConfirmDialog>
  );
}
