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

// Namespaces owned by the web client (errors.json belongs to the server).
const WEB_NAMESPACES = readdirSync(`${localesDir}nl`)
  .filter((f) => f.endsWith('.json') && f !== 'errors.json')
  .map((f) => f.replace(/\.json$/, ''));

describe('message catalogues', () => {
  it.each(WEB_NAMESPACES)('%s has the same keys in nl, en, de and fr', (ns) => {
    const reference = flatKeys(load('nl', ns)).sort();
    for (const lng of SHIPPED_LOCALES) {
      expect(flatKeys(load(lng, ns)).sort(), `${lng}/${ns}.json`).toEqual(reference);
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
