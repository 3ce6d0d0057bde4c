import { sessionCalls, siteCalls, type User } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { presentSettings } from '../presenters/settings.js';
import { presentCurrentUser } from '../presenters/user.js';
import { loadCurrentUser } from '../services/access/load-current-user.js';
import { geoipCountry } from './geoip.js';

/** Id of the page's data block the member app reads at start (apps/web/src/lib/boot-data.ts). */
export const BOOT_DATA_ID = 'boot-data';

/**
 * What `GET /api/user.php` answers the logged-in member of `req` (its response schema applied), or
 * null for a visitor: the boot data's and the page snapshot's member (SPEC.md 7).
 */
export async function currentUserAnswer(deps: Pick<AppDeps, 'db'>, req: FastifyRequest): Promise<User | null> {
  if (!req.user) return null;
  return sessionCalls.currentUser.response.parse(
    presentCurrentUser(await loadCurrentUser({ db: deps.db }, { user: req.user }), req.site),
  );
}

/**
 * The first answers the member app asks for on every page (SPEC.md 7): `GET /api/settings.php` in the
 * page's language and `GET /api/user.php` (`user`, from currentUserAnswer: null for a visitor), as a
 * JSON data block in the app's page (docs/client.md, first load), so the app starts without waiting
 * for two calls first. A data block is not a script: the page keeps its policy of no inline scripts.
 * `<` is escaped so no text from the database can close the block. Each answer is what the call
 * itself would answer (its response schema applied), so the app cannot tell them apart.
 *
 * @param lng the language the app opens in (decision 018, `rememberFirstVisitLanguage`)
 * @returns `<script id="boot-data" type="application/json">{"lang","settings","user"}</script>`
 */
export function bootDataTag(
  deps: Pick<AppDeps, 'secrets' | 'config'>,
  req: FastifyRequest,
  lng: string,
  user: User | null,
): string {
  const settings = siteCalls.settings.response.parse(
    presentSettings(
      req.site,
      geoipCountry(req.headers),
      lng,
      deps.secrets.vapid.publicKey,
      deps.config.sentryClientDsn ?? null,
    ),
  );
  const json = JSON.stringify({ lang: lng, settings, user }).replace(/</g, '\\u003c');
  return `<script id="${BOOT_DATA_ID}" type="application/json">${json}</script>`;
}
