import type { ConsentCategory, SiteTagKind } from '@app/contracts';
import { allowsCategory, type ConsentChoice, type ConsentChoiceCategory } from './choice.js';

/**
 * The consent category each tag kind waits for: contracts TAG_KIND_CATEGORY, copied so the public
 * pages' script does not pull in the contracts (and zod); the types keep the copy complete, and the
 * consent test compares the two.
 */
export const TAG_CATEGORY = {
  analytics: 'statistics',
  error_reporting: 'statistics',
  advertising: 'marketing',
} as const satisfies Record<SiteTagKind, Exclude<ConsentCategory, 'necessary'>>;

/** A third-party tag as the island gets it (contracts SiteTag: kind and https URL of the script). */
export interface ConsentTag {
  kind: string;
  src: string;
}

/** The category `kind` waits for; null for a kind this page does not know (never loaded). */
export function tagCategory(kind: string): ConsentChoiceCategory | null {
  return Object.hasOwn(TAG_CATEGORY, kind) ? TAG_CATEGORY[kind as SiteTagKind] : null;
}

/** The script URL of a tag when it is an absolute https URL, normalised; else null (never loaded). */
export function tagUrl(src: string): string | null {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** The tags that wait for a choice: known kinds at https URLs. The banner shows only when there are any. */
export function consentTags(tags: readonly ConsentTag[]): ConsentTag[] {
  return tags.filter((tag) => tagCategory(tag.kind) !== null && tagUrl(tag.src) !== null);
}

/** Attribute marking a tag's script; its value is the tag's category. */
const TAG_ATTRIBUTE = 'data-consent-category';

/**
 * Inserts `<script src async>` into `doc.head` for each tag whose category `choice` allows, once per
 * URL (a script already in the page is not added again); tags of other categories, unknown kinds and
 * non-https URLs are never loaded. Without a choice only necessary things run, so nothing is loaded.
 * Answers the URLs inserted now.
 */
export function loadConsentedTags(
  tags: readonly ConsentTag[],
  choice: ConsentChoice | null,
  doc: Document = document,
): string[] {
  const present = new Set(Array.from(doc.scripts, (script) => script.src));
  const inserted: string[] = [];
  for (const tag of tags) {
    const category = tagCategory(tag.kind);
    const href = tagUrl(tag.src);
    if (!category || !href || !allowsCategory(choice, category) || present.has(href)) continue;
    const script = doc.createElement('script');
    script.src = href;
    script.async = true;
    script.setAttribute(TAG_ATTRIBUTE, category);
    doc.head.append(script);
    present.add(href);
    inserted.push(href);
  }
  return inserted;
}

/** The categories whose tags already run in `doc` (a withdrawn one needs a reload to stop them). */
export function loadedCategories(doc: Document = document): Set<ConsentChoiceCategory> {
  const found = new Set<ConsentChoiceCategory>();
  for (const script of doc.querySelectorAll<HTMLScriptElement>(`script[${TAG_ATTRIBUTE}]`)) {
    const category = script.getAttribute(TAG_ATTRIBUTE);
    if (category === 'statistics' || category === 'marketing') found.add(category);
  }
  return found;
}
