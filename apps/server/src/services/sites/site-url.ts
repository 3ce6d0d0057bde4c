import type { Config } from '../../config.js';
import type { SiteRow } from '../../db/repositories/sites.js';

/** Host names that are served over plain HTTP on the configured port (the demo and local tests). */
const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The origin (scheme://host[:port], no trailing slash) a site is reached at, from configuration
 * only, never from the request (docs/security.md, threat "Host header"): the site's own `public_url`
 * column; for the default site PUBLIC_URL when it has none; else `https://<domain>`, or
 * `http://<domain>:<PORT>` for a local domain (localhost, 127.x) as on the demo.
 */
export function siteOrigin(
  site: Pick<SiteRow, 'public_url' | 'domain' | 'is_default'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
): string {
  if (site.public_url) return site.public_url.replace(/\/+$/, '');
  if (site.is_default && config.publicUrl) return config.publicUrl;
  if (LOCAL_HOST.test(site.domain)) return `http://${site.domain}:${config.port}`;
  return `https://${site.domain}`;
}

/**
 * Every URL that leaves the site (mailed links, payment return and webhook URLs, unsubscribe
 * links) is built here: the site's configured origin plus `path` (starting with /) and the
 * `query` values, URL-encoded. Example: siteUrl(site, config, '/reset-password/do', { token })
 * → `https://flirt.example/reset-password/do?token=…`.
 */
export function siteUrl(
  site: Pick<SiteRow, 'public_url' | 'domain' | 'is_default'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
  path: string,
  query: Record<string, string | number> = {},
): string {
  const url = new URL(path, `${siteOrigin(site, config)}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.toString();
}

/** Builds outside URLs of one site; what services get instead of a request. */
export type LinkBuilder = (path: string, query?: Record<string, string | number>) => string;

/** A LinkBuilder for `site` (siteUrl with the site and configuration bound). */
export function linksFor(
  site: Pick<SiteRow, 'public_url' | 'domain' | 'is_default'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
): LinkBuilder {
  return (path, query) => siteUrl(site, config, path, query);
}
