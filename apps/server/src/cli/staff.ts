/**
 * `npm run staff -- <command>`: staff accounts of the back office from the command line, for the
 * first admin of a new deployment (issue: back office I). Uses DATABASE_URL or the PGlite database in
 * DATA_DIR like the server; PGlite allows one process at a time, so stop the server first there.
 *
 *   create --email <e-mail> --role admin|moderator|operator|support [--site <domain>]... [--name <name>] [--password <password>]
 *       makes an account; without --site it works on every site; without --password a strong one is
 *       made and printed once. The account sets up its authenticator app at its first login (/admin).
 *   list                        every staff account
 *   reset-totp --email <e-mail> the account enrols its second factor again at its next login
 */
import { randomBytes } from 'node:crypto';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { findSitesByDomains } from '../db/repositories/sites.js';
import { findStaffByEmail } from '../db/repositories/staff.js';
import { buildAppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { COMMAND_LINE } from '../services/staff/audit.js';
import { createStaffAccount } from '../services/staff/create-staff-account.js';
import { listStaffAccounts } from '../services/staff/list-staff-accounts.js';
import { isStaffRole } from '../services/staff/staff-actor.js';
import { updateStaffAccount } from '../services/staff/update-staff-account.js';

const USAGE =
  'usage: npm run staff -- create --email <e-mail> --role admin|moderator|operator|support [--site <domain>]... [--name <name>] [--password <password>] | list | reset-totp --email <e-mail>';

/** Flags `--name value` (repeatable) of `args`. */
function parseFlags(args: string[]): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = args[i + 1];
    if (!arg.startsWith('--') || value === undefined) throw new Error(USAGE);
    flags.set(arg.slice(2), [...(flags.get(arg.slice(2)) ?? []), value]);
    i++;
  }
  return flags;
}

/** Runs one command; exits 1 with a message on bad arguments or a refused account. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') return console.log(USAGE);
  const flags = parseFlags(args);
  const one = (name: string) => flags.get(name)?.[0];
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const deps = buildAppDeps({ db: database.db, config, clock: systemClock, log: (msg) => console.warn(msg) });
  try {
    switch (command) {
      case 'create': {
        const email = one('email');
        const role = one('role') ?? '';
        if (!email || !isStaffRole(role)) throw new Error(USAGE);
        const domains = flags.get('site') ?? [];
        const sites = await findSitesByDomains(database.db, domains);
        const unknown = domains.filter((d) => !sites.some((s) => s.domain === d));
        if (unknown.length > 0) throw new Error(`no site with domain ${unknown.join(', ')}`);
        const given = one('password');
        const password = given ?? randomBytes(15).toString('base64url');
        const row = await createStaffAccount(deps, {
          actor: null,
          who: COMMAND_LINE,
          email,
          name: one('name') ?? '',
          role,
          siteIds: domains.length > 0 ? sites.map((s) => s.id) : null,
          password,
          locale: 'en',
        });
        console.log(
          `Created ${row.role} ${row.email} (id ${row.id}) for ${domains.length > 0 ? domains.join(', ') : 'every site'}.`,
        );
        if (!given) console.log(`Password (shown once): ${password}`);
        return console.log('Log in at /admin; the first login sets up the authenticator app (TOTP).');
      }
      case 'list': {
        for (const s of await listStaffAccounts(deps, { actor: null })) {
          const state = s.disabled_at ? 'disabled' : s.totp_enabled_at ? 'totp' : 'no totp yet';
          console.log(`${s.id}\t${s.email}\t${s.role}\t${s.site_ids?.join(',') ?? 'all sites'}\t${state}`);
        }
        return;
      }
      case 'reset-totp': {
        const found = await findStaffByEmail(database.db, one('email') ?? '');
        if (!found) throw new Error(`no staff account ${one('email') ?? ''}`);
        await updateStaffAccount(deps, { actor: null, who: COMMAND_LINE, id: found.id, resetTotp: true });
        return console.log(`${found.email} sets up the authenticator app again at the next login.`);
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof AppError) console.error(`refused: ${err.code} ${JSON.stringify(err.data ?? '')}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
