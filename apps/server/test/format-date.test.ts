import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../src/i18n.js';
import { formatMemberTime } from '../src/services/moderation/reason-labels.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { visibleText } from './helpers/public-pages.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * French writes the first day of the month as "1er" ("1er décembre 2026"), which Intl does not: the
 * server's dates for members (the terms' version on the public pages, a suspension's end in mails)
 * go through formatDate of src/i18n.ts, which adds it; other days and other languages are Intl's.
 */

const utc = { dateStyle: 'long', timeZone: 'UTC' } as const;

describe('formatDate', () => {
  it('writes 1er décembre for 1 December in French, by code and by BCP 47 tag', () => {
    expect(formatDate(new Date('2026-12-01T12:00:00Z'), 'fr', utc)).toBe('1er décembre 2026');
    expect(formatDate(new Date('2026-12-01T12:00:00Z'), 'fr-FR', utc)).toBe('1er décembre 2026');
    expect(formatDate(new Date('2026-12-01T12:00:00Z'), 'fr', { ...utc, dateStyle: 'medium' })).toBe('1er déc. 2026');
  });

  it('leaves 2, 11 and 21 décembre and all-number dates as they are', () => {
    expect(formatDate(new Date('2026-12-02T12:00:00Z'), 'fr', utc)).toBe('2 décembre 2026');
    expect(formatDate(new Date('2026-12-11T12:00:00Z'), 'fr', utc)).toBe('11 décembre 2026');
    expect(formatDate(new Date('2026-12-21T12:00:00Z'), 'fr', utc)).toBe('21 décembre 2026');
    expect(formatDate(new Date('2026-12-01T12:00:00Z'), 'fr', { dateStyle: 'short', timeZone: 'UTC' })).toBe(
      '01/12/2026',
    );
  });

  it('leaves other languages unchanged', () => {
    const first = new Date('2026-12-01T12:00:00Z');
    expect(formatDate(first, 'en', utc)).toBe('December 1, 2026');
    expect(formatDate(first, 'en-GB', utc)).toBe('1 December 2026');
    expect(formatDate(first, 'nl-NL', utc)).toBe('1 december 2026');
    expect(formatDate(first, 'de', utc)).toBe('1. Dezember 2026');
    expect(formatDate(first, 'es', utc)).toBe('1 de diciembre de 2026');
  });

  it('formats the end of a suspension in the sanction mails with 1er, in the member’s time zone', () => {
    const at = new Date('2026-12-01T13:30:00Z');
    expect(formatMemberTime(at, 'fr', 'Europe/Paris')).toMatch(/^1er décembre 2026\D+14:30$/);
    expect(formatMemberTime(new Date('2026-11-30T23:30:00Z'), 'fr', 'Europe/Paris')).toMatch(/^1er décembre 2026/);
    expect(formatMemberTime(new Date('2026-12-02T13:30:00Z'), 'fr', 'Europe/Paris')).toMatch(/^2 décembre 2026/);
    expect(formatMemberTime(at, 'nl', 'Europe/Amsterdam')).toMatch(/^1 december 2026\D+14:30$/);
  });
});

describe.each(dbKinds())('the terms page on %s', (kind) => {
  let server: TestServer;
  const host = 'premier.test';

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The factory's company was added on 2024-01-01, after the terms version date: the terms are dated then.
    await createSite(server.database.db, { domain: host, is_default: true, languages: ['nl', 'fr', 'en'] });
  });

  afterAll(async () => {
    await server?.close();
  });

  const termsText = async (lng: string) => {
    const res = await server.app.inject({ method: 'GET', url: `/pages/terms?lang=${lng}`, headers: { host } });
    expect(res.statusCode).toBe(200);
    return visibleText(res.body);
  };

  it('dates the French terms "1er janvier 2024", the Dutch and English ones as Intl does', async () => {
    const french = await termsText('fr');
    expect(french).toContain('Version du 1er janvier 2024');
    expect(french).toContain('à partir du 1er janvier 2024');
    expect(french).not.toMatch(/\b1 janvier/);
    expect(await termsText('nl')).toContain('1 januari 2024');
    expect(await termsText('en')).toContain('1 January 2024');
  });
});
