import type { SiteTag } from '@app/contracts';
import type { PageContext } from '../model.js';
import { type ConsentTag, consentTags } from './tags.js';
import { type ConsentTexts, consentTexts } from './texts.js';

/** Props of the consent island, on the public pages and in the member app (JSON). */
export interface ConsentIslandProps {
  /** The page's language. */
  lang: string;
  texts: ConsentTexts;
  /** The site's tags that wait for consent (known kinds, https URLs). No tags: no banner. */
  tags: ConsentTag[];
  /** The cookie statement in the page's language (/pages/cookies). */
  policyUrl: string;
}

/** Path of the cookie statement, where the choice can be changed (issue: public site). */
export const COOKIE_PAGE = '/pages/cookies';

/**
 * The consent island's props for a public page (issue: public site, consent): the banner's texts in
 * the page's language (`consent.*` of the public catalogue), the site's tags (`sites.tags`, malformed
 * ones left out) and the cookie statement's URL in that language.
 */
export function consentIslandProps(ctx: PageContext, tags: readonly SiteTag[]): ConsentIslandProps {
  const { lang, site } = ctx;
  return {
    lang,
    texts: consentTexts(ctx.t, site.name),
    tags: consentTags(tags).map(({ kind, src }) => ({ kind, src })),
    policyUrl: lang === site.defaultLanguage ? COOKIE_PAGE : `${COOKIE_PAGE}?lang=${lang}`,
  };
}
