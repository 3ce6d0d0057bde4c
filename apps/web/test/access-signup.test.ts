// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, joinDate, readDraft, SIGNUP_DRAFT_KEY, splitDate, writeDraft } from '../src/features/signup/draft';
import { signupMode } from '../src/features/signup/signup-mode';
import { validateDateOfBirth, validateName, validateSignup } from '../src/features/signup/validation';

const TODAY = new Date('2025-06-15T12:00:00Z');
const valid = { email: 'anna@example.com', name: 'Anna', password: 'x', date_of_birth: '1990-05-01' };

describe('signup validation (SPEC.md 5, same texts as the server)', () => {
  it('accepts a valid form', () => {
    expect(validateSignup(valid, TODAY)).toEqual({});
  });

  it('rejects an invalid e-mail with "Ongeldige e-mail"', () => {
    expect(validateSignup({ ...valid, email: 'anna@' }, TODAY).email?.key).toBe('errors:invalid_email');
    expect(validateSignup({ ...valid, email: 'anna example.com' }, TODAY).email?.key).toBe('errors:invalid_email');
  });

  it('rejects a profile name equal to the e-mail address, whatever the case', () => {
    expect(validateName('Anna@Example.com', 'anna@example.com')?.key).toBe('errors:name_is_email');
  });

  it('rejects a profile name starting with @', () => {
    expect(validateName('@anna', 'anna@example.com')?.key).toBe('errors:name_starts_with_at');
    expect(validateName(' @anna', 'anna@example.com')?.key).toBe('errors:name_starts_with_at');
  });

  it('accepts an @ inside the name', () => {
    expect(validateName('an@na', 'anna@example.com')).toBeNull();
  });

  it('requires a password', () => {
    expect(validateSignup({ ...valid, password: '' }, TODAY).password?.key).toBe('access:password.required');
  });

  it('is 18 on the 18th birthday, not the day before', () => {
    expect(validateDateOfBirth('2007-06-15', TODAY)).toBeNull();
    expect(validateDateOfBirth('2007-06-16', TODAY)).toEqual({
      key: 'errors:date_of_birth_required',
      values: { min_age: 18 },
    });
  });

  it('asks for the date of birth when it is missing or incomplete', () => {
    expect(validateDateOfBirth('', TODAY)?.key).toBe('errors:date_of_birth_required');
    expect(validateDateOfBirth('1990--01', TODAY)?.key).toBe('errors:date_of_birth_required');
  });

  it('rejects dates that do not exist with "Ongeldige geboortedatum."', () => {
    expect(validateDateOfBirth('1990-02-30', TODAY)?.key).toBe('errors:date_of_birth_invalid');
    expect(validateDateOfBirth('1990-13-01', TODAY)?.key).toBe('errors:date_of_birth_invalid');
    expect(validateDateOfBirth('1800-01-01', TODAY)?.key).toBe('errors:date_of_birth_invalid');
    expect(validateDateOfBirth('1992-02-29', TODAY)).toBeNull();
  });
});

describe('signup draft (sessionStorage)', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.sessionStorage.clear());

  it('survives a reload without the password', () => {
    writeDraft({ ...valid, password: 'secret-password', signup_message: 'Hoi!' });
    const stored = window.sessionStorage.getItem(SIGNUP_DRAFT_KEY) ?? '';
    expect(stored).not.toContain('secret-password');
    expect(stored).not.toContain('password');
    expect(readDraft()).toEqual({
      email: valid.email,
      name: valid.name,
      date_of_birth: valid.date_of_birth,
      signup_message: 'Hoi!',
    });
  });

  it('is empty when nothing or garbage is stored, and after clearing', () => {
    expect(readDraft().email).toBe('');
    window.sessionStorage.setItem(SIGNUP_DRAFT_KEY, '{not json');
    expect(readDraft().name).toBe('');
    writeDraft({ ...valid, signup_message: '' });
    clearDraft();
    expect(readDraft().email).toBe('');
  });

  it('keeps partly chosen dates of birth', () => {
    expect(joinDate({ year: '1990', month: '', day: '7' })).toBe('1990--07');
    expect(splitDate('1990--07')).toEqual({ year: '1990', month: '', day: '07' });
  });
});

describe('signup mode (SPEC.md 5)', () => {
  it('shows the form for all', () => {
    expect(signupMode('all', false)).toBe('form');
  });
  it('shows the form with a traffic source only when with_trafficsource', () => {
    expect(signupMode('with_trafficsource', true)).toBe('form');
    expect(signupMode('with_trafficsource', false)).toBe('invite-only');
  });
  it('is invite-only for none, traffic source or not', () => {
    expect(signupMode('none', true)).toBe('invite-only');
  });
});
