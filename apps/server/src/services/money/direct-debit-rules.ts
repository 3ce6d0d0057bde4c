import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DIRECT_DEBIT_LIMIT_CENTS, DIRECT_DEBIT_OTP } from '@app/contracts';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import type { Db } from '../../db/client.js';
import { sumDirectDebitCents } from '../../db/repositories/direct-debit.js';
import { AppError } from '../../errors.js';

/** SMS codes a member may request per 24 hours (each start of a mandate sends one). */
export const DIRECT_DEBIT_CODES_PER_DAY = 5;
/** Days over which DIRECT_DEBIT_LIMIT_CENTS counts. */
export const DIRECT_DEBIT_LIMIT_DAYS = 30;

/**
 * The IBAN in electronic format (no spaces, upper case) when its checksum and country format are
 * valid (ibantools) and its country is in SEPA (only SEPA accounts can be debited).
 * @throws AppError iban_invalid (400)
 */
export function validIban(input: string): string {
  const iban = electronicFormatIBAN(input);
  if (!iban || !isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) throw new AppError('iban_invalid', 400);
  return iban;
}

/** The IBAN as shown back to the member: country, check digits and the last 4, e.g. NL91 **** **** **43 00. */
export function maskIban(iban: string): string {
  const masked = iban.slice(0, 4) + '*'.repeat(Math.max(0, iban.length - 8)) + iban.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Refuses a direct debit that would take the member's direct debits of the last 30 days, counted
 * in cents (not failed, canceled or expired), above DIRECT_DEBIT_LIMIT_CENTS (SPEC.md 8).
 * @throws AppError direct_debit_limit (403, data {limit_cents})
 */
export async function assertWithinLimit(db: Db, userId: number, priceCents: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DIRECT_DEBIT_LIMIT_DAYS * 24 * 3600 * 1000);
  const spent = await sumDirectDebitCents(db, userId, since);
  if (spent + priceCents > DIRECT_DEBIT_LIMIT_CENTS) {
    throw new AppError('direct_debit_limit', 403, { limit_cents: DIRECT_DEBIT_LIMIT_CENTS });
  }
}

/** A new SMS code: DIRECT_DEBIT_OTP.digits random digits (crypto), leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** DIRECT_DEBIT_OTP.digits)).padStart(DIRECT_DEBIT_OTP.digits, '0');
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/** What is stored of a code: `<salt>$<sha256 hex>`, never the code itself. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, code).toString('hex')}`;
}

/** Whether `code` (spaces ignored) matches `stored`, compared in constant time. */
export function codeMatches(stored: string | null, code: string): boolean {
  const [salt, hex] = (stored ?? '').split('$');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, code.replace(/\s/g, ''));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
