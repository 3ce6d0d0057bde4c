/**
 * Phone numbers in a message text (issue: safer conversations; docs/safety-signals.md):
 * libphonenumber-js's `findNumbers` with the site's countries as the default country of numbers
 * without a country code (an international +31 or 0049 number is found whatever the countries),
 * then a run of nine or more digits with spaces, dots or hyphens between them that the library did
 * not take (0 6 1 2 3 4 5 6 7 8, numbers of countries not in the list). Years, prices, postcodes,
 * times and dates are not phone numbers: they are too short, or a date's shape is refused; nor are the
 * digits of an id such as a UUID or a hash (a token of hex digits and hyphens with a letter a–f).
 */
import { type CountryCode, findNumbers, isSupportedCountry } from 'libphonenumber-js/min';
import type { DetectedSignal } from './signal-kinds.js';

/** The countries tried when the caller gives none: the member app's languages' main countries. */
export const DEFAULT_PHONE_COUNTRIES: readonly CountryCode[] = [
  'NL',
  'DE',
  'GB',
  'BE',
  'FR',
  'ES',
  'IT',
  'PL',
  'SE',
  'DK',
  'NO',
  'FI',
  'AT',
  'CH',
];

/** Fewer digits than this in the whole text: no phone number, the library is not asked. */
const MIN_DIGITS = 7;
/** Fewer digits than this after the country code: not a number a member can be called on. */
const MIN_NATIONAL_DIGITS = 7;
const DIGIT_RUN =
  /(?<![\p{L}\p{N}€$£.,])(?:\+|00)?\d(?:[\s.\-/()]{0,3}\d){8,14}(?![\p{L}\p{N}])(?!\s?(?:€|eur|euro|dollars?|kr)\b)/giu;
/** 29.11.2026, 2026-11-29, 29/11/2026, 1.1.2027 18:00: a date (and time), not a phone number. */
const DATE_LIKE = /^(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{1,2}-\d{1,2})(?:\s+\d{1,2}[:.]\d{2})?$/;

/** The supported ISO 3166 codes among `countries`, upper case, without repeats. */
export function phoneCountries(countries: readonly string[] | undefined): CountryCode[] {
  const out = new Set<CountryCode>();
  for (const c of countries ?? []) {
    const code = c.toUpperCase();
    if (isSupportedCountry(code)) out.add(code);
  }
  return [...out];
}

function countDigits(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/** A token of hex digits and hyphens with at least one letter a–f: an id (a UUID, a hash), not a phone number. */
const HEX_ID = /^[0-9a-f-]{16,}$/i;
const HEX_LETTER = /[a-f]/i;

/** True when [start, end) lies inside a white-space-delimited token that is a hex id (a UUID). */
function insideHexId(text: string, start: number, end: number): boolean {
  let from = start;
  while (from > 0 && !/\s/.test(text[from - 1] ?? ' ')) from--;
  let to = end;
  while (to < text.length && !/\s/.test(text[to] ?? ' ')) to++;
  const token = text.slice(from, to).replace(/^[^0-9a-z]+|[^0-9a-z]+$/gi, '');
  return HEX_ID.test(token) && HEX_LETTER.test(token);
}

function overlaps(found: readonly DetectedSignal[], start: number, end: number): boolean {
  return found.some((f) => f.start < end && start < f.end);
}

/** Appends the phone numbers of `text` to `out`, trying `countries` in order for national numbers. */
export function findPhones(text: string, countries: readonly CountryCode[], out: DetectedSignal[]): void {
  if (countDigits(text) < MIN_DIGITS) return;
  const found: DetectedSignal[] = [];
  for (const defaultCountry of countries.length ? countries : DEFAULT_PHONE_COUNTRIES.slice(0, 1)) {
    for (const n of findNumbers(text, { defaultCountry, v2: true })) {
      const raw = text.slice(n.startsAt, n.endsAt);
      // Short numbers (a German 4-digit "number" is a year or a postcode in a chat) are not taken.
      if (n.number.nationalNumber.length < MIN_NATIONAL_DIGITS) continue;
      if (DATE_LIKE.test(raw) || overlaps(found, n.startsAt, n.endsAt)) continue;
      if (insideHexId(text, n.startsAt, n.endsAt)) continue;
      found.push({ kind: 'phone', start: n.startsAt, end: n.endsAt, text: raw });
    }
  }
  DIGIT_RUN.lastIndex = 0;
  for (let m = DIGIT_RUN.exec(text); m; m = DIGIT_RUN.exec(text)) {
    const end = m.index + m[0].length;
    if (DATE_LIKE.test(m[0]) || overlaps(found, m.index, end) || insideHexId(text, m.index, end)) continue;
    found.push({ kind: 'phone', start: m.index, end, text: m[0] });
  }
  out.push(...found);
}
