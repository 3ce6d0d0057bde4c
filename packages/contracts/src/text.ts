import { z } from 'zod';

/** Whether a string holds a NUL character, which PostgreSQL text cannot store (and no member types). */
export function hasNulByte(value: string): boolean {
  return value.includes('\u0000');
}

/** A UTF-16 surrogate without its partner: not a character, and refused by PostgreSQL's JSON types. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as text and JSON: no NUL byte and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !hasNulByte(value) && !LONE_SURROGATE.test(value);
}

/**
 * The string schema of every text field in the contracts: z.string() that refuses a NUL byte or a
 * lone surrogate, so such input is a `400 validation_failed` for that field (server) or a field
 * error (client) instead of a database error. Chain length and format rules after it as on z.string().
 */
export function text() {
  return z.string().refine(isStorableText, { message: 'invalid_characters' });
}
