import { describe, expect, it } from 'vitest';
import {
  LANDER_NAMES,
  LEGAL_PAGE_SLUGS,
  NICHE_SLUG_PREFIX,
  nicheSlugPrefix,
  SHIPPED_TOKEN_PAGES,
  TERMS_VERSION_DATE,
  termsVersionDate,
} from '../src/index.js';

describe('nicheSlugPrefix (SPEC.md 9: niche 1-7 selects the lander slug prefix)', () => {
  it.each([
    [1, ''],
    [2, 'she'],
    [3, 'bdsm'],
    [4, 'bbw'],
    [5, 'gilf'],
    [6, 'milf'],
    [7, 'gay'],
  ])('niche %i → "%s"', (niche, prefix) => expect(nicheSlugPrefix(niche)).toBe(prefix));

  it('follows the constant of SPEC.md 9 one for one', () => {
    expect(NICHE_SLUG_PREFIX.map((_, index) => nicheSlugPrefix(index + 1))).toEqual([...NICHE_SLUG_PREFIX]);
  });

  it('answers no prefix for a niche outside 1-7', () => {
    for (const niche of [0, -1, 8, 99, Number.NaN, 2.5]) expect(nicheSlugPrefix(niche), String(niche)).toBe('');
  });
});

describe('termsVersionDate (SPEC.md 9: 2023-12-01T12:00:00Z, or the company added date when later)', () => {
  const base = new Date(TERMS_VERSION_DATE);

  it('is the fixed date without a company date', () => {
    expect(TERMS_VERSION_DATE).toBe('2023-12-01T12:00:00Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate(undefined).getTime()).toBe(base.getTime());
    expect(termsVersionDate('').getTime()).toBe(base.getTime());
  });

  it('keeps the fixed date when the company was added earlier or at that moment', () => {
    expect(termsVersionDate('2020-05-04').getTime()).toBe(base.getTime());
    expect(termsVersionDate('2023-12-01').getTime()).toBe(base.getTime());
    expect(termsVersionDate('2023-12-01T12:00:00Z').getTime()).toBe(base.getTime());
  });

  it('takes the company added date when it is later (a date or a timestamp)', () => {
    expect(termsVersionDate('2024-01-01').toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(termsVersionDate('2023-12-01T12:00:01Z').toISOString()).toBe('2023-12-01T12:00:01.000Z');
    expect(termsVersionDate('2025-07-15T08:30:00+02:00').toISOString()).toBe('2025-07-15T06:30:00.000Z');
  });

  it('ignores an unreadable date', () => {
    expect(termsVersionDate('not a date').getTime()).toBe(base.getTime());
  });
});

describe('the public pages of SPEC.md 2', () => {
  it('names the seven legal pages, the shipped {token} pages and the eight landers', () => {
    expect([...LEGAL_PAGE_SLUGS]).toEqual(['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service']);
    expect([...SHIPPED_TOKEN_PAGES]).toEqual(['about', 'safety']);
    expect(LANDER_NAMES).toHaveLength(8);
    expect(LANDER_NAMES).not.toContain('tinderswipe');
  });
});
