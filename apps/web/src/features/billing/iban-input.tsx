import { type InputHTMLAttributes, useLayoutEffect, useRef } from 'react';
import { caretAfter, formatIbanInput, significantBefore } from './iban';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (formatted: string) => void;
};

/**
 * IBAN field that regroups what is typed in blocks of 4, in upper case, and keeps the caret after the
 * character just typed (SPEC.md 2 /directdebit "IBAN input").
 */
export function IbanInput({ value, onChange, className = '', ...rest }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // After every render: put the caret back where onChange computed it (nothing to do otherwise).
  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      inputMode="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className={`form-control iban-input ${className}`}
      value={value}
      onChange={(e) => {
        const raw = e.target.value;
        const formatted = formatIbanInput(raw);
        caret.current = caretAfter(formatted, significantBefore(raw, e.target.selectionStart ?? raw.length));
        onChange(formatted);
      }}
    />
  );
}
