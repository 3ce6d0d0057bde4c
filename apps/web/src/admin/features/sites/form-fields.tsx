import type { ReactNode } from 'react';

/** What every field takes: its id, label, optional hint and error (shown under it, linked by aria-describedby). */
interface FieldBase {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
}

/** The ids of the hint and error of field `id` that exist, for aria-describedby. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The hint and error lines under a field. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}

/** A labelled text input (`type` text, email, url or number). Numbers are handed on as numbers (NaN when empty). */
export function TextField({
  id,
  label,
  hint,
  error,
  className = 'col-12 col-md-6',
  value,
  onChange,
  type = 'text',
  maxLength,
  required,
}: FieldBase & {
  value: string | number;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'number';
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        value={Number.isNaN(value) ? '' : value}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled multi-line text. */
export function TextArea({
  id,
  label,
  hint,
  error,
  className = 'col-12',
  value,
  onChange,
  maxLength,
}: FieldBase & { value: string; onChange: (value: string) => void; maxLength?: number }) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select of `options` ([value, label]). */
export function SelectField({
  id,
  label,
  hint,
  error,
  className = 'col-12 col-md-6',
  value,
  onChange,
  options,
}: FieldBase & { value: string; onChange: (value: string) => void; options: readonly [string, string][] }) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled switch for a yes/no setting. */
export function SwitchField({
  id,
  label,
  hint,
  className = 'col-12 col-md-6',
  checked,
  onChange,
}: Omit<FieldBase, 'error'> & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className={className}>
      <div className="form-check form-switch">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}

/**
 * A group of checkboxes in a fieldset (languages, profile fields, search fields): `value` is the
 * chosen ones in `options`' order; `locked` ones are always chosen and cannot be unticked.
 */
export function CheckGroup<T extends string>({
  id,
  label,
  hint,
  error,
  className = 'col-12',
  options,
  value,
  locked = [],
  onChange,
}: FieldBase & {
  options: readonly [T, string][];
  value: readonly T[];
  locked?: readonly T[];
  onChange: (value: T[]) => void;
}) {
  const toggle = (option: T, on: boolean) =>
    onChange(options.map(([o]) => o).filter((o) => (o === option ? on : value.includes(o))));
  return (
    <fieldset className={className} aria-describedby={describedBy(id, hint, error)}>
      <legend className="form-label fs-6">{label}</legend>
      <div className="d-flex flex-wrap gap-3">
        {options.map(([option, text]) => (
          <div className="form-check" key={option}>
            <input
              id={`${id}-${option}`}
              className="form-check-input"
              type="checkbox"
              checked={value.includes(option) || locked.includes(option)}
              disabled={locked.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-${option}`}>
              {text}
            </label>
          </div>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** A section of the site editor: a card with an h2, its fields in a grid, and its own save button. */
export function SettingsCard({
  id,
  title,
  children,
  footer,
}: {
  id: string;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="card mb-3" id={id} aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 className="h5 mb-0" id={`${id}-title`}>
          {title}
        </h2>
      </div>
      <div className="card-body">
        <div className="row g-3">{children}</div>
        {footer}
      </div>
    </section>
  );
}
