import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';

/** Longest IBAN in the registry (Saint Lucia, Russia: 32–33); 34 is the ISO 13616 maximum. */
export const IBAN_MAX_CHARS = 34;

/** The IBAN without separators, upper case, letters and digits only, at most 34 characters. */
export function compactIban(value: string): string {
  return (electronicFormatIBAN(value) ?? '').replace(/[^A-Z0-9]/g, '').slice(0, IBAN_MAX_CHARS);
}

/**
 * What the IBAN field shows while typing (SPEC.md 2 /directdebit): upper case in groups of 4
 * ("nl91abna0417164300" → "NL91 ABNA 0417 1643 00"). No validation here.
 */
export function formatIbanInput(value: string): string {
  return friendlyFormatIBAN(compactIban(value)) ?? '';
}

/**
 * The caret position in `formatted` that sits after the first `significant` letters and digits:
 * keeps the caret where the member was typing when the field is regrouped.
 */
export function caretAfter(formatted: string, significant: number): number {
  if (significant <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ' ') seen++;
    if (seen === significant) return i + 1;
  }
  return formatted.length;
}

/** Letters and digits in `value` before position `caret`. */
export function significantBefore(value: string, caret: number): number {
  return value.slice(0, caret).replace(/[^A-Za-z0-9]/g, '').length;
}

/** Whether `value` (any grouping, any case) is a valid IBAN: country length, format and checksum (ibantools). */
export function isIbanValid(value: string): boolean {
  const compact = compactIban(value);
  return compact.length > 0 && isValidIBAN(compact);
}
