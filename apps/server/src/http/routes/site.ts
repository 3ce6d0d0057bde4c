import { ALL_LOCALES, INTERESTS, siteCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { regionsOf } from '../../geo/regions.js';
import { presentCompany, presentSettings } from '../../presenters/settings.js';
import { companyOf } from '../../services/sites/site-lookup.js';
import { geoipCountry } from '../geoip.js';
import { registerCall } from '../register-call.js';

/**
 * Language of the site texts: the client's `lang` (its interface language) when it names a locale,
 * else the request's locale (member language, i18n_redirected cookie, Accept-Language, site language).
 */
function textLanguage(lang: string | undefined, requestLocale: string): string {
  return lang && (ALL_LOCALES as readonly string[]).includes(lang) ? lang : requestLocale;
}

/** Site-wide data: settings, company info, interests and regions (SPEC.md 3 and 7). */
export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, secrets, config }) => {
  registerCall(app, siteCalls.settings, async (req, reply) => {
    const lng = textLanguage(req.query.lang, req.locale);
    reply.header('content-language', lng);
    return presentSettings(
      req.site,
      geoipCountry(req.headers),
      lng,
      secrets.vapid.publicKey,
      config.sentryClientDsn ?? null,
    );
  });

  registerCall(app, siteCalls.companyInfo, async (req, reply) => {
    const company = await companyOf({ db }, { site: req.site });
    if (!company) throw notFound();
    // Staff change it in the back office: the next page shows the change (issue: staff stay inside
    // their sites, item 5), so browsers and proxies ask again every time.
    reply.header('cache-control', 'no-cache');
    return presentCompany(company);
  });

  registerCall(app, siteCalls.interests, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return [...INTERESTS];
  });

  registerCall(app, siteCalls.regions, async (req, reply) => {
    // Built from the site's countries, which staff change: never kept beyond the next request.
    reply.header('cache-control', 'no-cache');
    return Object.fromEntries(req.site.countries.map((c) => [c, regionsOf(c)]));
  });
};
