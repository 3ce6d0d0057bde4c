import { platformCalls } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { siteForDomain } from '../../services/sites/site-lookup.js';
import { APP_ICONS, createSiteIconCache, isAppIconName, webManifest } from '../../services/sites/web-manifest.js';
import { requestDomain } from '../context.js';
import { registerCall } from '../register-call.js';

/** Seconds browsers may keep an app icon: its URL in the manifest changes with the site's look (`?v=`). */
const APP_ICON_MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The installable app per site (the site is chosen by the Host header, as for every page):
 * `GET /manifest.webmanifest` (application/manifest+json, revalidated on every use so a changed
 * name or colour reaches installed apps) and its icons `GET /app-icon/:name` (192.png, 512.png,
 * maskable-512.png, monochrome-96.png; any other name 404). Registered before the web client so
 * these paths never fall back to index.html.
 */
export const appManifestRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const icons = createSiteIconCache(deps);

  registerCall(app, platformCalls.webManifest, async (req, reply) => {
    const site = await siteForDomain(deps, { domain: requestDomain(req) });
    if (!site) return reply.callNotFound();
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webManifest(site)));
  });

  registerCall(app, platformCalls.appIcon, async (req, reply) => {
    const { name } = req.params as { name: string };
    const site = isAppIconName(name) ? await siteForDomain(deps, { domain: requestDomain(req) }) : null;
    if (!site || !isAppIconName(name)) return reply.callNotFound();
    const png = await icons.png(site, name, APP_ICONS[name]);
    return reply.type('image/png').header('cache-control', `public, max-age=${APP_ICON_MAX_AGE_SECONDS}`).send(png);
  });
};
