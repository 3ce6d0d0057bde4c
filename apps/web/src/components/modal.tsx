import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  /** When false, backdrop clicks and Escape do not close (e.g. while signing up). */
  isDismissible?: boolean;
  size?: 'sm' | 'lg' | undefined;
  /** The close button's name; the member app's catalogue by default (the back office passes its own). */
  closeLabel?: string | undefined;
}

/** A Bootstrap-styled modal driven by React state, with focus moved into the dialog. */
export function Modal({ title, children, footer, onClose, isDismissible = true, size, closeLabel }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    document.body.classList.add('modal-open');
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && isDismissible) onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [onClose, isDismissible]);

  return (
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialogRef}
        onMouseDown={(e) => {
          if (e.target === e.currentTarget && isDismissible) onClose();
        }}
      >
        <div className={`modal-dialog modal-dialog-centered modal-dialog-scrollable${size ? ` modal-${size}` : ''}`}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {isDismissible && (
                <button
                  type="button"
                  className="btn-close"
                  aria-label={closeLabel ?? t('actions.close')}
                  onClick={onClose}
                />
              )}
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
