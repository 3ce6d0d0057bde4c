// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DRAFT_FIELDS, type Draft, draftProblems } from '../src/features/billing/direct-debit-draft';
import {
  caretAfter,
  compactIban,
  formatIbanInput,
  IBAN_MAX_CHARS,
  isIbanValid,
  significantBefore,
} from '../src/features/billing/iban';

describe('formatIbanInput', () => {
  it('groups in blocks of 4 in upper case while typing', () => {
    expect(formatIbanInput('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIbanInput('NL91')).toBe('NL91');
    expect(formatIbanInput('NL91A')).toBe('NL91 A');
  });

  it('regroups pasted text with other separators and drops stray characters', () => {
    expect(formatIbanInput(' NL91-ABNA.0417 164300 ')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('stops at the ISO maximum of 34 characters', () => {
    expect(compactIban('X'.repeat(40))).toHaveLength(IBAN_MAX_CHARS);
  });

  it('is empty for empty input', () => {
    expect(formatIbanInput('')).toBe('');
  });
});

describe('caret position', () => {
  it('stays after the character just typed when a space is inserted before it', () => {
    // Typed "A" at the end of "NL91": raw "NL91A", caret 5 → formatted "NL91 A", caret 6.
    expect(caretAfter(formatIbanInput('NL91A'), significantBefore('NL91A', 5))).toBe(6);
  });

  it('stays in the middle when editing inside the value', () => {
    // Typed "X" after "NL9" in "NL91 ABNA": raw "NL9X1 ABNA", caret 4.
    const raw = 'NL9X1 ABNA';
    const formatted = formatIbanInput(raw);
    expect(formatted).toBe('NL9X 1ABN A');
    expect(caretAfter(formatted, significantBefore(raw, 4))).toBe(4);
  });

  it('is 0 at the start', () => {
    expect(caretAfter('NL91 ABNA', 0)).toBe(0);
  });
});

describe('isIbanValid (ibantools)', () => {
  it('accepts valid IBANs in any grouping and case', () => {
    expect(isIbanValid('NL91ABNA0417164300')).toBe(true);
    expect(isIbanValid('nl91 abna 0417 1643 00')).toBe(true);
    expect(isIbanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIbanValid('BE71 0961 2345 6769')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong length and an unknown country', () => {
    expect(isIbanValid('NL91ABNA0417164301')).toBe(false);
    expect(isIbanValid('NL91ABNA041716430')).toBe(false);
    expect(isIbanValid('XX91ABNA0417164300')).toBe(false);
    expect(isIbanValid('')).toBe(false);
  });
});

describe('draftProblems', () => {
  const valid: Draft = {
    account_holder: 'J. de Vries',
    iban: 'NL91 ABNA 0417 1643 00',
    street: 'Damrak',
    house_number: '1a',
    zip: '1012 LG',
    city: 'Amsterdam',
    phone: '06 12345678',
  };

  it('finds nothing wrong with a complete form', () => {
    expect(draftProblems(valid)).toEqual({});
  });

  it('names every empty field with its catalogue key', () => {
    const empty = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, ''])) as Draft;
    const problems = draftProblems(empty);
    expect(Object.keys(problems).sort()).toEqual([...DRAFT_FIELDS].sort());
    expect(problems.iban).toBe('directDebit.errors.iban');
  });

  it('refuses an IBAN with a wrong checksum although its length fits the schema', () => {
    expect(draftProblems({ ...valid, iban: 'NL91 ABNA 0417 1643 01' })).toEqual({ iban: 'directDebit.errors.iban' });
  });
});
