import { cleanPhone } from '@app/contracts';

/**
 * A phone number as SMS gateways take it: hyphens and spaces removed (SPEC.md 5, the support phone
 * rule), also brackets and dots, and a leading 00 written as +. Null unless 8 to 15 digits remain,
 * optionally after a +.
 */
export function normalisePhone(input: string): string | null {
  const cleaned = cleanPhone(input)
    .replace(/[().]/g, '')
    .replace(/^00(?=\d)/, '+');
  return /^\+?\d{8,15}$/.test(cleaned) ? cleaned : null;
}

/** The phone as shown back to the member: its last 4 digits, e.g. ******1234. */
export function maskPhone(phone: string): string {
  return `******${phone.slice(-4)}`;
}
