import { useId } from 'react';

/** One choice of a SelectField. */
export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string | number | null | undefined;
  options: readonly SelectOption[];
  /** Label of a first option with the empty value ("any", "choose…"); none when omitted. */
  emptyLabel?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Classes of the wrapping column. */
  className?: string;
  /** Smaller label, as in the search bar. */
  isCompact?: boolean;
  required?: boolean;
  /** Whether the empty option can be chosen again once a value is picked (default true). */
  isEmptySelectable?: boolean;
  /** A message under the field; marks it invalid. */
  error?: string;
}

/** A labelled Bootstrap select; `onChange` gets the raw value ('' for the empty option). */
export function SelectField({
  label,
  value,
  options,
  emptyLabel,
  onChange,
  disabled,
  className,
  isCompact,
  required,
  isEmptySelectable = true,
  error,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={isCompact ? 'form-label small' : 'form-label'}>
        {label}
      </label>
      <select
        id={id}
        className={error ? 'form-select is-invalid' : 'form-select'}
        value={value ?? ''}
        disabled={disabled}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      >
        {emptyLabel !== undefined && (
          <option value="" disabled={!isEmptySelectable}>
            {emptyLabel}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}
