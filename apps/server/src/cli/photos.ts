/**
 * `npm run photos -- <command>`: the photo approval queue until the back office exists
 * (DECISIONS.md: photos wait for staff approval). Uses DATABASE_URL or the PGlite database in
 * DATA_DIR like the server; PGlite allows one process at a time, so stop the server first there.
 *
 *   list                       photos awaiting approval, oldest first
 *   approve <id> [<id> ...]    approve waiting photos
 *   approve-all                approve every waiting photo
 *   reject <id> [<id> ...]     reject waiting photos (the owner sees them marked rejected)
 *   auto-approve on|off [--site <domain>]   the site setting auto_approve_photos (default site: localhost)
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { listWaitingPhotos, reviewWaitingPhotos, setAutoApprove } from '../db/repositories/photos.js';

const USAGE =
  'usage: npm run photos -- list | approve <id>... | approve-all | reject <id>... | auto-approve on|off [--site <domain>]';

function ids(args: string[]): number[] {
  const parsed = args.map(Number);
  if (parsed.length === 0 || parsed.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(USAGE);
  return parsed;
}

/** Runs one command; exits 1 with the usage on bad arguments. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') return console.log(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const db = database.db;
    switch (command) {
      case 'list': {
        const waiting = await listWaitingPhotos(db);
        if (waiting.length === 0) return console.log('No photos are awaiting approval.');
        for (const p of waiting) {
          console.log(
            `${p.id}\t${p.created_at.toISOString()}\t${p.site_domain}\tprofile ${p.profile_id} (${p.profile_name})\t${config.photoDir}/${p.filename}`,
          );
        }
        return console.log(`${waiting.length} photo(s) awaiting approval.`);
      }
      case 'approve':
        return console.log(`Approved ${await reviewWaitingPhotos(db, 'approved', ids(args))} photo(s).`);
      case 'approve-all':
        return console.log(`Approved ${await reviewWaitingPhotos(db, 'approved')} photo(s).`);
      case 'reject':
        return console.log(`Rejected ${await reviewWaitingPhotos(db, 'rejected', ids(args))} photo(s).`);
      case 'auto-approve': {
        const [state, flag, domain = 'localhost'] = args;
        if ((state !== 'on' && state !== 'off') || (flag !== undefined && flag !== '--site')) throw new Error(USAGE);
        if (!(await setAutoApprove(db, domain, state === 'on'))) throw new Error(`no site with domain ${domain}`);
        return console.log(`Automatic photo approval is ${state} for ${domain}.`);
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
