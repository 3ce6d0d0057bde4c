import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/** Dismissible or not: with `onClose`, a close button after the content labelled `closeLabel` (translated). */
type CloseProps = { onClose: () => void; closeLabel: string } | { onClose?: undefined; closeLabel?: undefined };

/** Props of {@link ErrorAlert}: any attribute of a div (data-testid, ...) except the role it fixes. */
export type ErrorAlertProps = Omit<ComponentPropsWithoutRef<'div'>, 'role' | 'children'> &
  CloseProps & {
    /** What went wrong: usually the error's text (errorText), sometimes with links, a retry button or a list. */
    children: ReactNode;
    /** Bootstrap colour: danger for errors, warning for a refusal the member can act on (chat). */
    tone?: 'danger' | 'warning';
    /** Extra classes after `alert alert-<tone>`: spacing, or a flex row with an action. */
    className?: string;
  };

/**
 * The one error block of the client: `<div class="alert alert-danger" role="alert">` around the
 * error's message, so screen readers announce it and tests find it by role and text. Optionally
 * dismissible (a close button after the content) and in the warning colour.
 */
export function ErrorAlert({ children, tone = 'danger', className, onClose, closeLabel, ...rest }: ErrorAlertProps) {
  const classes = ['alert', `alert-${tone}`, className].filter(Boolean).join(' ');
  return (
    <div {...rest} className={classes} role="alert">
      {children}
      {onClose && <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />}
    </div>
  );
}
