/**
 * `npm run site -- <command>`: sites from the command line, so a new deployment gets its first site
 * without SQL (issue 32; docs/deploy.md). Uses DATABASE_URL or the PGlite database in DATA_DIR like
 * the server; PGlite allows one process at a time, so stop the server first there. On PostgreSQL the
 * running instances hear of the new site at once (deps.siteChanges, NOTIFY).
 *
 *   create --domain <host> --name <name> --language <nl|nl-BE|...> [--languages nl,en,de,fr,...]
 *          [--niche 1-7] [--public-url https://<host>] [--company-id <id> | --company <name>
 *          --address <street> --city <city> --country <NL> --kvk <number> --phone <phone>]
 *       makes a site with the settings and shop of a new site (services/site-admin/create-site.ts);
 *       the first site of a database becomes the default site (it answers for every other host).
 *   list    every site
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminSiteCreateBody, AdminSiteCreateBodySchema } from '@app/contracts';
import { systemClock } from '../clock.js';
import { loadConfig, ROOT_DIR } from '../config.js';
import { openDatabase } from '../db/client.js';
import { listSites } from '../db/repositories/sites.js';
import { buildAppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { createSite } from '../services/site-admin/create-site.js';
import { COMMAND_LINE } from '../services/staff/audit.js';
import { listStaffAccounts } from '../services/staff/list-staff-accounts.js';
import { parseSiteFlags, type SiteFlagsResult } from './site-flags.js';

const USAGE = `usage:
  npm run site -- create --domain <host> --name <name> --language <nl|en|de|fr|...|nl-BE>
      [--languages nl,en,de,fr,...] [--niche 1-7] [--public-url https://<host>]
      [--company-id <id> | --company <name> --address <street> --city <city> --country <NL> --kvk <number> --phone <phone>]
  npm run site -- list`;

/** The back office's English texts of field problems (locales/en/admin-sites.json `issues`). */
function issueText(key: string): string {
  try {
    const file = path.join(ROOT_DIR, 'locales', 'en', 'admin-sites.json');
    const issues = (JSON.parse(readFileSync(file, 'utf8')) as { issues?: Record<string, string> }).issues;
    return issues?.[key] ?? key;
  } catch {
    return key;
  }
}

/** Lines naming each refused flag and why, for a validation failure of `body` or of the flags. */
function problems(result: Extract<SiteFlagsResult, { ok: false }>): string {
  return result.issues.map((i) => `  ${i.flag}: ${issueText(i.message)}`).join('\n');
}

/** The next steps after the first site: an admin (when none exists yet), the back office, DNS. */
function nextSteps(domain: string, hasStaff: boolean): string[] {
  return [
    'Next:',
    ...(hasStaff ? [] : ['  - make the first admin: npm run staff -- create --email you@example.com --role admin']),
    `  - log in at https://${domain}/admin (set up the authenticator app) and check the site's texts, look and shop`,
    `  - point DNS for ${domain} at this server and add it to SITE_DOMAINS (docs/deploy.md)`,
  ];
}

/** `create`: validates the flags and the site, creates it, prints what it made and what is next. */
async function create(args: string[]): Promise<void> {
  const today = systemClock.now().toISOString().slice(0, 10);
  const parsed = parseSiteFlags(args, today);
  if (!parsed.ok) throw new Error(`the site was not created:\n${problems(parsed)}\n\n${USAGE}`);
  const checked = AdminSiteCreateBodySchema.safeParse(parsed.body);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => ({ flag: parsed.flagOf(i.path), message: i.message }));
    throw new Error(`the site was not created:\n${problems({ ok: false, issues })}`);
  }
  const body: AdminSiteCreateBody = checked.data;
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const deps = buildAppDeps({ db: database.db, config, clock: systemClock, log: (msg) => console.warn(msg) });
  try {
    const view = await createSite(deps, { actor: null, who: COMMAND_LINE, body });
    const { site, company } = view;
    const hasStaff = (await listStaffAccounts(deps, { actor: null })).length > 0;
    console.log(
      [
        `Created site ${site.domain} "${site.name}" (id ${site.id}${site.is_default ? ', the default site: it also answers for every other host' : ''}).`,
        `Languages ${site.languages.join(', ')}; domain language ${site.domain_language}; niche ${site.niche}; company "${company.name}" (id ${company.id}).`,
        ...(parsed.placeholders.length > 0
          ? [
              `Placeholders: the company's ${parsed.placeholders.join(', ')} are not real yet and show on the legal pages: fill them in at /admin, Sites, ${site.name}, Company.`,
            ]
          : []),
        ...nextSteps(site.domain, hasStaff),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

/** `list`: one line per site, tab-separated: id, domain, name, default, languages, domain language. */
async function list(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const sites = await listSites(database.db);
    if (sites.length === 0) return console.log('No sites yet. Create the first one with: npm run site -- create');
    for (const s of sites) {
      const isDefault = s.is_default ? 'default' : '';
      console.log(`${s.id}\t${s.domain}\t${s.name}\t${isDefault}\t${s.languages.join(',')}\t${s.domain_language}`);
    }
  } finally {
    await database.close();
  }
}

/** Runs one command; exits 1 with a message on bad flags or a refused site. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') return console.log(USAGE);
  if (command === 'create') return create(args);
  if (command === 'list') return list();
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof AppError && err.code === 'conflict')
    console.error('refused: another site already uses this domain');
  else if (err instanceof AppError) console.error(`refused: ${err.code} ${JSON.stringify(err.data ?? '')}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
