import { LOCALE_COOKIE } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE_NAME } from '../i18n.js';
import { pageLanguage, siteDefaultLanguage } from '../presenters/public-page.js';

/**
 * Remembers the first-visit language of docs/decisions/018-first-visit-language.md on a page of the
 * member app (/members, /login, a profile, ...). A visitor without the i18n_redirected cookie gets
 * the language the public pages would open in for the same request: the member's saved language, else
 * Accept-Language, when the site shows it; else the site's default language. When that is not the
 * default, the cookie is set on the page's answer, so the app's own rule (SPEC.md 4: the cookie first,
 * then domain_language) opens in the same language as the home page would have. The public pages do the
 * same through their `?lang=` URL (routes/public-pages.ts). Returns the language the page opens in.
 */
export function rememberFirstVisitLanguage(req: FastifyRequest, reply: FastifyReply): string {
  const fallback = siteDefaultLanguage(req.site);
  if (req.cookies[LOCALE_COOKIE_NAME]) return pageLanguage(req.site, undefined, req.locale);
  const lng = pageLanguage(req.site, undefined, req.locale);
  if (lng !== fallback) {
    reply.setCookie(LOCALE_COOKIE_NAME, lng, {
      path: '/',
      maxAge: LOCALE_COOKIE.days * 24 * 3600,
      sameSite: 'lax',
    });
  }
  return lng;
}
