import type { Translate } from './model.js';

/** A nested message catalogue (locales/<lng>/<ns>.json). */
export type Catalogue = { [key: string]: string | Catalogue };

/** Loads catalogue `ns` in `lng` (the server reads locales/<lng>/<ns>.json); an empty object when missing. */
export type CatalogueLoader = (lng: string, ns: string) => Catalogue;

/** Namespaces a key without `ns:` is looked up in, in order. */
export const PUBLIC_NAMESPACES = ['public', 'landers', 'consent', 'common'] as const;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The public pages' translate function for `lng` (issue: public site): `key` is a dotted path in the
 * public, landers, consent or common catalogue, or `ns:key` for another namespace (`money:pricing.title`);
 * `count` picks the plural form (`key_one`, `key_other`, Intl.PluralRules); `{{name}}` takes `values`;
 * a key missing in `lng` falls back to nl (SPEC.md 1), then shows the key itself.
 */
export function createTranslate(lng: string, load: CatalogueLoader, fallback = 'nl'): Translate {
  const plural = new Intl.PluralRules(lng);
  const find = (language: string, key: string, count: unknown): string | undefined => {
    const colon = key.indexOf(':');
    const namespaces = colon > 0 ? [key.slice(0, colon)] : PUBLIC_NAMESPACES;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const candidates = typeof count === 'number' ? [`${path}_${plural.select(count)}`, `${path}_other`, path] : [path];
    for (const ns of namespaces) {
      const catalogue = load(language, ns);
      for (const candidate of candidates) {
        const found = lookup(catalogue, candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return (key, values = {}) => {
    const text = find(lng, key, values.count) ?? find(fallback, key, values.count) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
