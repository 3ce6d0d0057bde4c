import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../lib/toast-store';

/** The toast stack (Bootstrap toast classes, driven by the toast store). */
export function Toasts() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3" aria-live="polite" aria-atomic="true">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast show align-items-center text-bg-${toast.variant} border-0`} role="status">
          <div className="d-flex">
            <div className="toast-body">{toast.message}</div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label={t('actions.close')}
              onClick={() => dismissToast(toast.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
