import type { ReactNode } from 'react';

/** What a control of the editor needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One labelled field of the fictional editor in a grid cell: the control from `children(props)`
 * gets its id, Bootstrap classes and aria-describedby for the hint and the error shown under it
 * (the server's message in the staff's language).
 */
export function FormField({
  id,
  label,
  hint,
  error,
  cell = 'col-12 col-md-6 col-lg-4',
  control = 'form-control',
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  cell?: string;
  control?: 'form-control' | 'form-select';
  children: (props: ControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cell}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: `${control}${error ? ' is-invalid' : ''}`,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
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
    </div>
  );
}

/** A fieldset of checkboxes with a legend, laid out in columns, and its error under it. */
export function CheckboxGroup<T extends string | number>({
  id,
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  columns = 'row-cols-2 row-cols-sm-3 row-cols-lg-4',
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string | undefined;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  columns?: string;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const toggle = (option: T, on: boolean) => onChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="col-12" aria-describedby={described}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {hint && (
        <div id={`${id}-hint`} className="form-text mt-0 mb-1">
          {hint}
        </div>
      )}
      <div className={`row ${columns} g-1`}>
        {options.map((o) => (
          <div className="col" key={String(o.value)}>
            <div className="form-check">
              <input
                className={`form-check-input${error ? ' is-invalid' : ''}`}
                type="checkbox"
                id={`${id}-${o.value}`}
                checked={value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-${o.value}`}>
                {o.label}
              </label>
            </div>
          </div>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
