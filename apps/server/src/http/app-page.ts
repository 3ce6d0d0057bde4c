import { sessionCalls, siteCalls } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { presentSettings } from '../presenters/settings.js';
import { presentCurrentUser } from '../presenters/user.js';
import { loadCurrentUser } from '../services/access/load-current-user.js';
import { geoipCountry } from './geoip.js';

/** Id of the page's data block the member app reads at start (apps/web/src/lib/boot-data.ts). */
export const BOOT_DATA_ID = 'boot-data';

/**
 * The first answers the member app asks for on every page (SPEC.md 7): `GET /api/settings.php` in the
 * page's language and `GET /api/user.php` (null for a visitor), as a JSON data block in the app's
 * page (docs/client.md, first load), so the app starts without waiting for two calls first. A data
 * block is not a script: the page keeps its policy of no inline scripts. `<` is escaped so no text
 * from the database can close the block. Each answer is what the call itself would answer (its
 * response schema applied), so the app cannot tell them apart.
 *
 * @param lng the language the app opens in (decision 018, `rememberFirstVisitLanguage`)
 * @returns `<script id="boot-data" type="application/json">{"lang","settings","user"}</script>`
 */
export async function bootDataTag(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'config'>,
  req: FastifyRequest,
  lng: string,
): Promise<string> {
  const settings = siteCalls.settings.response.parse(
    presentSettings(
      req.site,
      geoipCountry(req.headers),
      lng,
      deps.secrets.vapid.publicKey,
      deps.config.sentryClientDsn ?? null,
    ),
  );
  const user = req.user
    ? sessionCalls.currentUser.response.parse(
        presentCurrentUser(await loadCurrentUser({ db: deps.db }, { user: req.user }), req.site),
      )
    : null;
  const json = JSON.stringify({ lang: lng, settings, user }).replace(/</g, '\\u003c');
  return `<script id="${BOOT_DATA_ID}" type="application/json">${json}</script>`;
}
