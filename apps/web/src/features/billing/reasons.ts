import type { TransactionEntry } from '@app/contracts';
import type { TFunction } from 'i18next';
import { intlLocale } from '../../lib/i18n';

/** Ledger reasons with their own text in billing:reasons (SPEC.md 2 /transactions). */
export const KNOWN_REASONS = [
  'purchase',
  'message',
  'photo',
  'gift',
  'signup_credits',
  'refund',
  'bonus',
  'seed_purchase',
  'seed_spent',
] as const;
export type KnownReason = (typeof KNOWN_REASONS)[number];

/** The catalogue key of a ledger reason; unknown reasons read as a credit or debit correction. */
export function reasonKey(entry: Pick<TransactionEntry, 'reason' | 'credits'>): string {
  if ((KNOWN_REASONS as readonly string[]).includes(entry.reason)) return `reasons.${entry.reason}`;
  return entry.credits >= 0 ? 'reasons.otherCredit' : 'reasons.otherDebit';
}

/**
 * The readable text of a ledger entry in the member's language, e.g. "Aankoop van 150 credits",
 * "Bericht verstuurd", "Startcredits". `count` is the absolute number of credits.
 */
export function reasonLabel(entry: Pick<TransactionEntry, 'reason' | 'credits'>, t: TFunction): string {
  return t(`billing:${reasonKey(entry)}`, { count: Math.abs(entry.credits) });
}

/** Signed credits for display in the member's locale: "+150", "-5", "0". */
export function signedCredits(credits: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { signDisplay: 'exceptZero', useGrouping: false }).format(credits);
}
