import { ageOn, MINIMUM_AGE } from '@app/contracts';
import { fieldInvalid } from './access-errors.js';

/** Oldest accepted age in years; anything older is a typo. */
const MAXIMUM_PLAUSIBLE_AGE = 120;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Checks a date of birth (SPEC.md 5): required and at least MINIMUM_AGE (18) years before `today`.
 * @throws AppError validation_failed (400) date_of_birth_required, data { field, min_age } when
 *   missing or too young; date_of_birth_invalid when not a real or plausible date
 */
export function checkDateOfBirth(value: string, today: Date): void {
  if (!value.trim()) throw fieldInvalid('date_of_birth', 'date_of_birth_required', { min_age: MINIMUM_AGE });
  if (!isRealDate(value)) throw fieldInvalid('date_of_birth', 'date_of_birth_invalid');
  const age = ageOn(value, today);
  if (age > MAXIMUM_PLAUSIBLE_AGE || new Date(`${value}T00:00:00Z`) > today)
    throw fieldInvalid('date_of_birth', 'date_of_birth_invalid');
  if (age < MINIMUM_AGE) throw fieldInvalid('date_of_birth', 'date_of_birth_required', { min_age: MINIMUM_AGE });
}

/**
 * Checks a profile name (SPEC.md 5) at signup and on /profile: not the email address, not starting
 * with @.
 * @throws AppError validation_failed (400) name_is_email or name_starts_with_at, data { field: 'name' }
 */
export function checkProfileName(name: string, email: string): void {
  if (name.trim().toLowerCase() === email.trim().toLowerCase()) throw fieldInvalid('name', 'name_is_email');
  if (name.startsWith('@')) throw fieldInvalid('name', 'name_starts_with_at');
}
