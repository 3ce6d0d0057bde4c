import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/**
 * Our own "are you sure?" dialog in the member's language, instead of the browser's `confirm()`
 * (whose buttons speak the browser's language): the question as its title, an optional explanation,
 * a Cancel button and the action's own red button (`confirmLabel`). Escape, the backdrop and Cancel
 * call `onCancel`.
 */
export function ConfirmDialog({
  question,
  details,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  question: string;
  details?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={question}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} data-testid="confirm-action">
            {confirmLabel}
          </button>
        </>
      }
    >
      {details && <p className="mb-0">{details}</p>}
    </Modal>
  );
}
