import type { PasskeyOptions } from '@app/contracts';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { requestOptions } from './ceremony.js';
import { memberRelyingParty } from './relying-party.js';

/**
 * Login options of a site (issue: passkeys): no e-mail and no allowed list, so the browser offers
 * the member's discoverable passkeys for the site's RP id; the challenge is kept 5 minutes for this
 * site. Input `{ site }`.
 */
export async function beginPasskeyLogin(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { site: SiteRow },
): Promise<PasskeyOptions> {
  return requestOptions(db, memberRelyingParty(input.site, config), {
    purpose: 'member_login',
    owner: { siteId: input.site.id },
    now: clock.now(),
  });
}
