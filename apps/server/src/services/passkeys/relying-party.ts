import type { Config } from '../../config.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { siteOrigin } from '../sites/site-url.js';

/** Who a passkey belongs to (WebAuthn's relying party): the origin the browser must be at, its host as RP id. */
export interface RelyingParty {
  /** The host name passkeys are bound to (`flirt.example`), never a port. */
  rpId: string;
  /** The one origin ceremonies are accepted from (`https://flirt.example`). */
  origin: string;
  /** Shown by the browser's passkey dialog. */
  name: string;
}

/**
 * A site's relying party (issue: passkeys): from the site's configured origin (siteOrigin: its
 * public_url, PUBLIC_URL for the default site, else its domain), never from the request's Host
 * header, so a passkey made on one site is useless on another.
 */
export function memberRelyingParty(
  site: Pick<SiteRow, 'public_url' | 'domain' | 'is_default' | 'name'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
): RelyingParty {
  const origin = siteOrigin(site, config);
  return { rpId: new URL(origin).hostname, origin, name: site.name };
}

/**
 * The back office's relying party: ADMIN_URL, else PUBLIC_URL, else `http://localhost:<PORT>`. The
 * back office is served for the whole deployment, not per site, so staff passkeys are bound to the
 * one origin staff are told to use (docs/decisions/022-passkeys.md).
 */
export function staffRelyingParty(config: Pick<Config, 'adminUrl' | 'publicUrl' | 'port'>): RelyingParty {
  const origin = config.adminUrl ?? config.publicUrl ?? `http://localhost:${config.port}`;
  return { rpId: new URL(origin).hostname, origin, name: 'Back office' };
}
