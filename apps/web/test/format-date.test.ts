// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/features/billing/format';
import { messageTime } from '../src/features/chat/message-bubble';
import { suspendedText } from '../src/features/session/sanction-errors';
import { ApiError } from '../src/lib/api';
import { formatDate } from '../src/lib/i18n';

const utc = { dateStyle: 'long', timeZone: 'UTC' } as const;
/** Local times, so that the formatted day does not depend on the machine's time zone. */
const firstOfDecember = new Date(2026, 11, 1, 14, 30);
const secondOfDecember = new Date(2026, 11, 2, 14, 30);

describe('formatDate: French writes the first of the month as "1er"', () => {
  it('writes 1er décembre for 1 December, with the long date by default', () => {
    expect(formatDate(firstOfDecember, 'fr')).toBe('1er décembre 2026');
    expect(formatDate('2026-12-01T12:00:00Z', 'fr', utc)).toBe('1er décembre 2026');
  });

  it('leaves 2, 11 and 21 décembre as they are', () => {
    expect(formatDate(secondOfDecember, 'fr')).toBe('2 décembre 2026');
    expect(formatDate('2026-12-11T12:00:00Z', 'fr', utc)).toBe('11 décembre 2026');
    expect(formatDate('2026-12-21T12:00:00Z', 'fr', utc)).toBe('21 décembre 2026');
  });

  it('writes 1er before a short month name and before a time too', () => {
    expect(formatDate(firstOfDecember, 'fr', { dateStyle: 'medium' })).toBe('1er déc. 2026');
    expect(formatDate(firstOfDecember, 'fr', { dateStyle: 'full' })).toBe('mardi 1er décembre 2026');
    expect(formatDate(firstOfDecember, 'fr', { dateStyle: 'long', timeStyle: 'short' })).toMatch(
      /^1er décembre 2026\D+14:30$/,
    );
  });

  it('leaves dates without a month name alone (01/12/2026)', () => {
    expect(formatDate(firstOfDecember, 'fr', { dateStyle: 'short' })).toBe('01/12/2026');
    expect(formatDate(firstOfDecember, 'fr', { day: 'numeric', month: 'numeric' })).toBe('01/12');
    expect(formatDate(firstOfDecember, 'fr', { day: 'numeric' })).toBe('1');
  });

  it('leaves other languages unchanged', () => {
    expect(formatDate(firstOfDecember, 'en')).toBe('1 December 2026');
    expect(formatDate(firstOfDecember, 'nl')).toBe('1 december 2026');
    expect(formatDate(firstOfDecember, 'de')).toBe('1. Dezember 2026');
    expect(formatDate(firstOfDecember, 'it')).toBe('1 dicembre 2026');
    expect(formatDate(secondOfDecember, 'en')).toBe('2 December 2026');
  });
});

describe('the member app formats its dates through formatDate', () => {
  it('payments and transactions (billing formatDateTime)', () => {
    expect(formatDateTime(firstOfDecember.toISOString(), 'fr')).toMatch(/^1er déc\. 2026\D+14:30$/);
    expect(formatDateTime(secondOfDecember.toISOString(), 'fr')).toMatch(/^2 déc\. 2026\D+14:30$/);
    expect(formatDateTime(firstOfDecember.toISOString(), 'nl')).toMatch(/^1 dec 2026\D+14:30$/);
  });

  it('a chat message of another day', () => {
    const now = new Date(2026, 11, 5, 9, 0);
    expect(messageTime(firstOfDecember.toISOString(), 'fr', now)).toMatch(/^1er déc\.\D+14:30$/);
    expect(messageTime(firstOfDecember.toISOString(), 'en', now)).toMatch(/^1 Dec\D+14:30$/);
  });

  it('the end of a suspension at login', () => {
    const error = new ApiError(403, 'account_suspended', 'suspended', { until: firstOfDecember.toISOString() });
    const t = ((key: string, values: { until: string }) => `${key} ${values.until}`) as never;
    expect(suspendedText(error, t, 'fr')).toMatch(/^common:banPage\.suspended 1er décembre 2026\D+14:30$/);
  });
});
