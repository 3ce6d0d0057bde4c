// Zod-free (constants and rules only): the public pages' signup dialog loads this module too.
import { MINIMUM_AGE } from './constants.js';
import { ageOn } from './rules.js';

/**
 * The signup form's rules of SPEC.md 5, shared by the member app's signup and the public pages' signup
 * dialog; each failed rule names its text by catalogue key (errors:, access:), so both show the server's
 * words in the member's language.
 */

/** The fields of the signup form that a rule can fail on. */
export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth';

/** A failed rule: the catalogue key of its text (namespace:key) and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

export type SignupErrors = Partial<Record<SignupField, FieldError>>;

export interface SignupInput {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
}

// Deliberately loose (one @, a dot in the domain): the server is the authority.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `email` looks like an e-mail address ("Ongeldige e-mail" otherwise, SPEC.md 5). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Whether `value` (YYYY-MM-DD) names a real calendar day. */
export function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Date-of-birth rule of SPEC.md 5: required with the minimum age (18, DECISIONS.md) and a real date.
 * Incomplete selections count as missing; `today` is injectable for tests.
 */
export function validateDateOfBirth(value: string, today: Date = new Date()): FieldError | null {
  const required: FieldError = { key: 'errors:date_of_birth_required', values: { min_age: MINIMUM_AGE } };
  if (!DATE_PATTERN.test(value)) return required;
  if (!isRealDate(value) || Number(value.slice(0, 4)) < 1900) return { key: 'errors:date_of_birth_invalid' };
  if (new Date(`${value}T00:00:00Z`) > today) return { key: 'errors:date_of_birth_invalid' };
  return ageOn(value, today) < MINIMUM_AGE ? required : null;
}

/** Length of a profile name in characters (the server's rule too: contracts SignupBodySchema). */
export const PROFILE_NAME_LENGTH = { min: 2, max: 40 } as const;

/**
 * Every text a failed signup rule can show: catalogue key (namespace:key) and the values it is filled
 * with. The public pages' server renders them in the page's language for the signup dialog.
 */
export const SIGNUP_RULE_TEXTS: Readonly<Record<string, Record<string, number> | undefined>> = {
  'errors:invalid_email': undefined,
  'errors:name_is_email': undefined,
  'errors:name_starts_with_at': undefined,
  'access:signup.nameLength': { ...PROFILE_NAME_LENGTH },
  'access:password.required': undefined,
  'errors:date_of_birth_required': { min_age: MINIMUM_AGE },
  'errors:date_of_birth_invalid': undefined,
};

/** Profile-name rules of SPEC.md 5: not the e-mail address, not starting with @, 2 to 40 characters. */
export function validateName(name: string, email: string): FieldError | null {
  const trimmed = name.trim();
  if (trimmed.startsWith('@')) return { key: 'errors:name_starts_with_at' };
  if (trimmed.toLowerCase() === email.trim().toLowerCase() && trimmed !== '') return { key: 'errors:name_is_email' };
  if (trimmed.length < PROFILE_NAME_LENGTH.min || trimmed.length > PROFILE_NAME_LENGTH.max)
    return { key: 'access:signup.nameLength', values: { ...PROFILE_NAME_LENGTH } };
  return null;
}

/**
 * Client-side signup rules with the same texts as the server (SPEC.md 5); the server stays the
 * authority. Returns the first failed rule per field; empty when all pass.
 */
export function validateSignup(input: SignupInput, today: Date = new Date()): SignupErrors {
  const errors: SignupErrors = {};
  if (!isValidEmail(input.email)) errors.email = { key: 'errors:invalid_email' };
  const nameError = validateName(input.name, input.email);
  if (nameError) errors.name = nameError;
  if (input.password.length === 0) errors.password = { key: 'access:password.required' };
  const dobError = validateDateOfBirth(input.date_of_birth, today);
  if (dobError) errors.date_of_birth = dobError;
  return errors;
}
