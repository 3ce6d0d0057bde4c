import type { InputHTMLAttributes } from 'react';

/**
 * One labelled filter input of a back-office list (small, in a grid cell of `className`); `help`
 * adds a hint under it, tied to the input by aria-describedby.
 */
export function FilterInput({
  id,
  label,
  help,
  className = 'col-12 col-sm-6 col-lg-3',
  ...input
}: { id: string; label: string; help?: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-control form-control-sm"
        aria-describedby={help ? `${id}-help` : undefined}
        {...input}
      />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

/** The apply and clear buttons under a back-office filter form; `onClear` empties and applies. */
export function FilterActions({
  applyLabel,
  clearLabel,
  onClear,
}: {
  applyLabel: string;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      <button className="btn btn-primary btn-sm" type="submit">
        {applyLabel}
      </button>
      <button className="btn btn-outline-secondary btn-sm" type="button" onClick={onClear}>
        {clearLabel}
      </button>
    </div>
  );
}
