import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/**
 * Our own "are you sure?" dialog in the member's language, instead of the browser's `confirm()`
 * (whose buttons speak the browser's language): the question as its title, an optional explanation,
 * a Cancel button and the action's own red button (`confirmLabel`). Escape, the backdrop and Cancel
 * call `onCancel`. `children` adds content under the explanation (a highlighted draft, a checkbox),
 * `cancelLabel` renames Cancel (e.g. "Edit message") and `confirmTone` makes the action blue
 * (`primary`) where it does not destroy anything; `isBusy` disables it while the action runs.
 */
export function ConfirmDialog({
  question,
  details,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
  cancelLabel,
  closeLabel,
  confirmTone = 'danger',
  isBusy = false,
}: {
  question: string;
  details?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
  cancelLabel?: string | undefined;
  /** The close (×) button's name: the back office passes its own (its catalogue has no `actions`). */
  closeLabel?: string | undefined;
  confirmTone?: 'danger' | 'primary' | 'warning';
  isBusy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={question}
      onClose={onCancel}
      closeLabel={closeLabel}
      size={children ? undefined : 'sm'}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} data-testid="confirm-cancel">
            {cancelLabel ?? t('actions.cancel')}
          </button>
          <button
            type="button"
            className={`btn btn-${confirmTone}`}
            onClick={onConfirm}
            disabled={isBusy}
            data-testid="confirm-action"
          >
            {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {details && <p className={children ? undefined : 'mb-0'}>{details}</p>}
      {children}
    </Modal>
  );
}
