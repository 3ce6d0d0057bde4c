// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { detectLanguage, siteLanguages } from '../src/lib/i18n';

const settings = { domain_language: 'de_DE', languages: ['nl', 'en', 'de', 'fr'] as const };

describe('detectLanguage', () => {
  it('prefers the i18n_redirected cookie', () => {
    expect(detectLanguage({ ...settings, languages: [...settings.languages] }, 'fr')).toBe('fr');
  });

  it('uses the first two letters of domain_language when there is no cookie', () => {
    expect(detectLanguage({ ...settings, languages: [...settings.languages] }, null)).toBe('de');
  });

  it('falls back to nl', () => {
    expect(detectLanguage({ domain_language: 'es_ES', languages: ['nl', 'en'] }, null)).toBe('nl');
  });

  it('shows the languages the site chooses, all eleven shipped (DECISIONS.md)', () => {
    expect(siteLanguages({ languages: ['nl', 'sv', 'da'] })).toEqual(['nl', 'sv', 'da']);
    expect(siteLanguages({ languages: [] })).toEqual(['nl']);
  });

  it('starts in the domain language only when the site shows it', () => {
    expect(detectLanguage({ domain_language: 'sv_SE', languages: ['nl', 'sv'] }, null)).toBe('sv');
  });
});
