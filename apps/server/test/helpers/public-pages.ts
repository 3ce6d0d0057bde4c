/** Reading server-rendered public pages without a browser (issue: public site): head tags, text, shipped texts. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.js';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the HTML entities a page uses (numeric and the common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The visible text of a page's body: tags, scripts and styles dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return decodeEntities(
    body
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The decoded `<title>`. */
export function titleOf(html: string): string | undefined {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return raw === undefined ? undefined : decodeEntities(raw);
}

/** The decoded content of `<meta name|property="key">`. */
export function metaOf(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const raw = new RegExp(`<meta (?:name|property)="${escaped}" content="([^"]*)"`).exec(html)?.[1];
  return raw === undefined ? undefined : decodeEntities(raw);
}

/** The canonical URL. */
export function canonicalOf(html: string): string | undefined {
  const raw = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  return raw === undefined ? undefined : decodeEntities(raw);
}

/** hreflang → URL of the page's alternates. */
export function alternatesOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g))
    out[m[1] ?? ''] = decodeEntities(m[2] ?? '');
  return out;
}

/** The page's schema.org objects (application/ld+json). */
export function structuredDataOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  );
}

/** The `lang` attribute of `<html>`. */
export function langOf(html: string): string | undefined {
  return /<html lang="([^"]*)"/.exec(html)?.[1];
}

/** The decoded text inside the first `<h1>`. */
export function h1Of(html: string): string | undefined {
  const raw = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return raw === undefined
    ? undefined
    : decodeEntities(raw.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim();
}

/** A shipped page file of locales/<lng>/pages/<slug>.md: front matter and body. */
export interface ShippedFile {
  title: string;
  description: string;
  body: string;
}

/** The shipped text of `slug` in exactly `lng`, or null when the file does not exist (yet). */
export function shippedFile(lng: string, slug: string): ShippedFile | null {
  const file = path.join(ROOT_DIR, 'locales', lng, 'pages', `${slug}.md`);
  if (!existsSync(file)) return null;
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no front matter`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { title: meta.title ?? '', description: meta.description ?? '', body: (match[2] ?? '').trim() };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Plain text of one line of Markdown: links to their text, emphasis and code marks dropped. */
function plainMarkdown(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A pattern for a text with `{{placeholders}}` (each matches any filled-in value): what the rendered
 * page must show for that text.
 */
export function filledPattern(text: string): RegExp {
  const parts = plainMarkdown(text).split(/\{\{\s*\w+\s*\}\}/);
  return new RegExp(parts.map(escapeRegExp).join('.+?'));
}

/**
 * The main texts a rendered page must show of a shipped file: its first three headings, or when it
 * has none the first line of its first paragraph.
 */
export function mainTextsOf(file: ShippedFile): RegExp[] {
  const headings = [...file.body.matchAll(/^#{1,4}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1] ?? '').slice(0, 3);
  if (headings.length > 0) return headings.map(filledPattern);
  const first = file.body.split(/\r?\n\s*\r?\n/).find((p) => /\w/.test(p) && !/^\s*([-*|>]|\d+\.)/.test(p)) ?? '';
  return [filledPattern(first.split(/\r?\n/)[0] ?? '')];
}

/** A catalogue text of locales/<lng>/<ns>.json by dotted key (undefined when missing). */
export function catalogueText(lng: string, ns: string, key: string): string | undefined {
  const file = path.join(ROOT_DIR, 'locales', lng, `${ns}.json`);
  if (!existsSync(file)) return undefined;
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** Catalogue keys left untranslated in a page's visible text (`home.title`, `money:pricing.title`). */
export const RAW_KEY =
  /\b(?:[a-z]+:)?(?:layout|home|footer|nav|legal|pricing|siteEntry|actions|consent|landers|signup)\.[a-zA-Z][\w.]*\b/;
