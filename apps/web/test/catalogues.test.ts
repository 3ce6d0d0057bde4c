// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHIPPED_LOCALES } from '@app/contracts';
import { describe, expect, it } from 'vitest';

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function load(lng: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${localesDir}${lng}/${ns}.json`, 'utf8')) as Record<string, unknown>;
}

// Plural forms differ per language (i18next v23+ follows Intl.PluralRules: pl has _few/_many, es/it/fr _many), so
// a plural group (a stem with both _one and _other) is compared by its stem, and checked for the forms its language needs.
const PLURAL = /_(zero|one|two|few|many|other)$/;
function pluralStem(key: string, all: Set<string>): string | null {
  const stem = key.replace(PLURAL, '');
  return stem !== key && all.has(`${stem}_one`) && all.has(`${stem}_other`) ? stem : null;
}
function normalise(keys: string[]): string[] {
  const all = new Set(keys);
  return [...new Set(keys.map((key) => (pluralStem(key, all) === null ? key : `${pluralStem(key, all)}_#`)))].sort();
}

// Namespaces owned by the member client (errors.json belongs to the server; admin*.json to the back office).
const WEB_NAMESPACES = readdirSync(`${localesDir}nl`)
  .filter((f) => f.endsWith('.json') && f !== 'errors.json' && !f.startsWith('admin'))
  .map((f) => f.replace(/\.json$/, ''));
/** The back office's namespaces: English and Dutch (issue: back office I). */
const ADMIN_NAMESPACES = readdirSync(`${localesDir}nl`)
  .filter((f) => f.startsWith('admin') && f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

describe('message catalogues', () => {
  it.each(WEB_NAMESPACES)('%s has the same keys in every shipped language', (ns) => {
    const reference = normalise(flatKeys(load('nl', ns)));
    for (const lng of SHIPPED_LOCALES) {
      const keys = flatKeys(load(lng, ns));
      expect(normalise(keys), `${lng}/${ns}.json`).toEqual(reference);
      const all = new Set(keys);
      const stems = new Set(keys.map((key) => pluralStem(key, all)).filter((stem) => stem !== null));
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const stem of stems) {
        expect(
          needed.filter((form) => !all.has(`${stem}_${form}`)),
          `${lng}/${ns}.json ${stem}`,
        ).toEqual([]);
      }
    }
  });

  it.each(ADMIN_NAMESPACES)('back office %s has the same keys in English and Dutch, none empty', (ns) => {
    const en = flatKeys(load('en', ns)).sort();
    expect(normalise(flatKeys(load('nl', ns))), `nl/${ns}.json`).toEqual(normalise(en));
    for (const lng of ['en', 'nl']) {
      const bundle = load(lng, ns);
      const empty = flatKeys(bundle).filter(
        (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle) === '',
      );
      expect(empty, `${lng}/${ns}.json`).toEqual([]);
    }
  });

  it('has no empty strings', () => {
    for (const lng of SHIPPED_LOCALES) {
      for (const ns of WEB_NAMESPACES) {
        const bundle = load(lng, ns);
        const empty = flatKeys(bundle).filter(
          (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle) === '',
        );
        expect(empty, `${lng}/${ns}.json`).toEqual([]);
      }
    }
  });

  it('keeps the texts SPEC.md quotes in Dutch word for word', () => {
    const nl = load('nl', 'common') as Record<string, Record<string, Record<string, string> | string>>;
    expect(nl.login?.email).toBe('E-mailadres');
    expect(nl.login?.password).toBe('Wachtwoord');
    expect(nl.login?.submit).toBe('Inloggen');
    expect(nl.error?.general).toBe('Er is een fout opgetreden.');
    expect(nl.error?.notFound).toBe('Deze pagina kon niet worden gevonden');
    expect(nl.signup?.inviteOnly).toBe('Zorg dat je een uitnodiging hebt of kom later terug.');
    expect((nl.profile?.loginRequired as Record<string, string> | undefined)?.message).toBe(
      'Je moet ingelogd zijn om te chatten',
    );
    expect((load('en', 'common').error as Record<string, string>).notFound).toBe('This page could not be found');
  });
});
