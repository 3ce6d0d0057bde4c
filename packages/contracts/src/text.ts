import { z } from 'zod';

/** Whether a string holds a NUL character, which PostgreSQL text cannot store (and no member types). */
export function hasNulByte(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * The string schema of every text field in the contracts: z.string() that refuses a NUL byte, so
 * such input is a `400 validation_failed` for that field (server) or a field error (client) instead
 * of a database error. Chain length and format rules after it as on z.string().
 */
export function text() {
  return z.string().refine((value) => !hasNulByte(value), { message: 'nul_byte' });
}
