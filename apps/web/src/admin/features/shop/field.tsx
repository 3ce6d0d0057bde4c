import type { ReactNode } from 'react';

/** What a field's control needs to be labelled and described (id, invalid state, description ids). */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form field: the label, the control (rendered by `children` with its id and ARIA
 * props), then a hint, or the error text when `invalid` (linked by aria-describedby).
 */
export function Field({
  id,
  label,
  invalid = false,
  hint,
  error,
  className = 'col-12 col-sm-6 col-lg-3',
  children,
}: {
  id: string;
  label: string;
  invalid?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const note = invalid && error ? error : hint;
  const noteId = note ? `${id}-note` : undefined;
  return (
    <div className={className}>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': invalid, 'aria-describedby': noteId })}
      {note && (
        <div id={noteId} className={invalid && error ? 'invalid-feedback d-block' : 'form-text'}>
          {note}
        </div>
      )}
    </div>
  );
}

/** Bootstrap's control class, red when invalid. */
export const controlClass = (invalid: boolean, base = 'form-control form-control-sm') =>
  `${base}${invalid ? ' is-invalid' : ''}`;
