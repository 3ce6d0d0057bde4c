import { describe, expect, it } from 'vitest';
import { type Catalogue, type CatalogueLoader, createTranslate } from '../src/translate.js';

/** Catalogues by language and namespace, as locales/<lng>/<ns>.json would hold them. */
const CATALOGUES: Record<string, Record<string, Catalogue>> = {
  nl: {
    public: {
      layout: { cookieSettings: 'Cookie-instellingen', onlyDutch: 'Alleen in het Nederlands' },
      greeting: 'Hallo {{name}}, welkom op {{site}}',
    },
    landers: { landers: { gallery: { title: 'Galerij' } } },
    common: { nav: { login: 'Inloggen' }, shared: 'uit common' },
    money: {
      pricing: { title: 'Prijzen', credits_one: '{{count}} credit', credits_other: '{{count}} credits' },
    },
  },
  en: {
    public: { layout: { cookieSettings: 'Cookie settings' }, greeting: 'Hello {{ name }}, welcome to {{site}}' },
    consent: { consent: { accept: 'Accept all' } },
    common: { nav: { login: 'Log in' }, shared: 'from common', layout: { cookieSettings: 'shadowed by public' } },
    money: {
      pricing: {
        title: 'Pricing',
        credits_one: 'one credit',
        credits_other: '{{count}} credits',
      },
    },
  },
  fi: { money: { pricing: { credits_other: '{{count}} krediittiä' } } },
  pl: {
    money: {
      pricing: {
        credits_one: '{{count}} kredyt',
        credits_few: '{{count}} kredyty',
        credits_many: '{{count}} kredytów',
        credits_other: '{{count}} kredytu',
      },
    },
  },
};

/** A loader over CATALOGUES that records what it was asked for. */
function loader(): CatalogueLoader & { calls: string[] } {
  const calls: string[] = [];
  const load = ((lng: string, ns: string) => {
    calls.push(`${lng}/${ns}`);
    return CATALOGUES[lng]?.[ns] ?? {};
  }) as CatalogueLoader & { calls: string[] };
  load.calls = calls;
  return load;
}

describe('createTranslate (issue: public site; SPEC.md 1: nl is the fallback)', () => {
  it('follows nested keys with dots through the public, landers, consent and common catalogues', () => {
    const t = createTranslate('en', loader());
    expect(t('layout.cookieSettings')).toBe('Cookie settings');
    expect(t('consent.accept')).toBe('Accept all');
    expect(t('nav.login')).toBe('Log in');
    expect(t('shared')).toBe('from common');
    // A key that stops at an object is not a text.
    expect(t('layout')).toBe('layout');
    expect(t('layout.cookieSettings.more')).toBe('layout.cookieSettings.more');
  });

  it('reads the public catalogue before common when both have the key', () => {
    expect(createTranslate('en', loader())('layout.cookieSettings')).toBe('Cookie settings');
  });

  it('reads another namespace with an ns: prefix, and only that namespace', () => {
    const t = createTranslate('en', loader());
    expect(t('money:pricing.title')).toBe('Pricing');
    expect(t('common:nav.login')).toBe('Log in');
    // The prefix names one catalogue: a key of public is not found through money.
    expect(t('money:layout.cookieSettings')).toBe('money:layout.cookieSettings');
    // The landers catalogue has the top key `landers`.
    expect(createTranslate('nl', loader())('landers.gallery.title')).toBe('Galerij');
  });

  it('fills {{name}} values, with or without spaces in the braces, and empties unknown ones', () => {
    expect(createTranslate('en', loader())('greeting', { name: 'Anna', site: 'Flirt' })).toBe(
      'Hello Anna, welcome to Flirt',
    );
    expect(createTranslate('nl', loader())('greeting', { name: 'Anna' })).toBe('Hallo Anna, welkom op ');
  });

  it('picks the plural form with Intl.PluralRules of the language', () => {
    const en = createTranslate('en', loader());
    expect(en('money:pricing.credits', { count: 1 })).toBe('one credit');
    expect(en('money:pricing.credits', { count: 0 })).toBe('0 credits');
    expect(en('money:pricing.credits', { count: 25 })).toBe('25 credits');
    const pl = createTranslate('pl', loader());
    expect(pl('money:pricing.credits', { count: 1 })).toBe('1 kredyt');
    expect(pl('money:pricing.credits', { count: 3 })).toBe('3 kredyty');
    expect(pl('money:pricing.credits', { count: 5 })).toBe('5 kredytów');
    expect(pl('money:pricing.credits', { count: 22 })).toBe('22 kredyty');
    expect(pl('money:pricing.credits', { count: 1.5 })).toBe('1.5 kredytu');
  });

  it('takes the _other form when the catalogue lacks the form of the count, then the plain key', () => {
    const nl = createTranslate('nl', loader());
    expect(nl('money:pricing.credits', { count: 1 })).toBe('1 credit');
    expect(nl('money:pricing.credits', { count: 7 })).toBe('7 credits');
    // fi has only the _other form: it serves the count 1 as well, before any nl text.
    expect(createTranslate('fi', loader())('money:pricing.credits', { count: 1 })).toBe('1 krediittiä');
    // A text without plural forms takes a count as a value only.
    expect(createTranslate('en', loader())('layout.cookieSettings', { count: 3 })).toBe('Cookie settings');
  });

  it('falls back to nl for a key the language lacks, then to the key itself', () => {
    const load = loader();
    const t = createTranslate('de', load);
    expect(t('layout.cookieSettings')).toBe('Cookie-instellingen');
    expect(t('money:pricing.title')).toBe('Prijzen');
    // The plural of the fallback text is chosen too.
    expect(t('money:pricing.credits', { count: 2 })).toBe('2 credits');
    expect(createTranslate('en', loader())('layout.onlyDutch')).toBe('Alleen in het Nederlands');
    expect(t('nothing.here')).toBe('nothing.here');
    expect(load.calls).toContain('de/public');
    expect(load.calls).toContain('nl/public');
  });

  it('takes another fallback language when one is given', () => {
    expect(createTranslate('pl', loader(), 'en')('nav.login')).toBe('Log in');
  });
});
