import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A labelled checkbox of a shop form. */
export function Check(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={`form-check${props.className ? ` ${props.className}` : ''}`}>
      <input
        id={props.id}
        className="form-check-input"
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={props.id}>
        {props.label}
      </label>
    </div>
  );
}

/** A shop form's buttons: submit (`label`, "Save" by default; off while `pending`) and, with `onCancel`, cancel. */
export function FormButtons(props: { pending: boolean; label?: string; onCancel?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="d-flex flex-wrap gap-2 mt-3">
      <button className="btn btn-primary btn-sm" type="submit" disabled={props.pending}>
        {props.label ?? t('common.save')}
      </button>
      {props.onCancel && (
        <button className="btn btn-outline-secondary btn-sm" type="button" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
