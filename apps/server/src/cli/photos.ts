/**
 * `npm run photos -- <command>`: the photo approval queue for scripts (the back office at /admin/photos
 * does the same for staff; DECISIONS.md: photos wait for staff approval). Decisions and the setting go
 * through the back office's use cases and are written to the audit log as the command line. Uses
 * DATABASE_URL or the PGlite database in DATA_DIR like the server; PGlite allows one process at a
 * time, so stop the server first there.
 *
 *   list                       photos awaiting approval, oldest first
 *   approve <id> [<id> ...]    approve photos
 *   approve-all                approve every waiting photo
 *   reject <id> [<id> ...] [--reason <code>]   reject photos; the owner sees the reason (default other)
 *   auto-approve on|off [--site <domain>]   the site setting auto_approve_photos (default site: localhost)
 */
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '@app/contracts';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { openDatabase } from '../db/client.js';
import { findPhotosWithOwner, listWaitingPhotoIds, listWaitingPhotos } from '../db/repositories/photos.js';
import { findSitesByDomains } from '../db/repositories/sites.js';
import { decidePhotos } from '../services/moderation/decide-photos.js';
import { setPhotoSettings } from '../services/moderation/set-photo-settings.js';
import { createSiteChanges } from '../services/site-admin/site-changes.js';
import { COMMAND_LINE } from '../services/staff/audit.js';

const USAGE =
  'usage: npm run photos -- list | approve <id>... | approve-all | reject <id>... [--reason <code>] | auto-approve on|off [--site <domain>]';

function ids(args: string[]): number[] {
  const parsed = args.map(Number);
  if (parsed.length === 0 || parsed.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(USAGE);
  return parsed;
}

/** Ids and the `--reason` of a reject command (a code of PHOTO_REJECT_REASONS, default other). */
function rejectArgs(args: string[]): { ids: number[]; reason: PhotoRejectReason } {
  const at = args.indexOf('--reason');
  if (at === -1) return { ids: ids(args), reason: 'other' };
  const reason = args[at + 1];
  if (!reason || !(PHOTO_REJECT_REASONS as readonly string[]).includes(reason)) {
    throw new Error(`${USAGE}\nreasons: ${PHOTO_REJECT_REASONS.join(', ')}`);
  }
  return { ids: ids([...args.slice(0, at), ...args.slice(at + 2)]), reason: reason as PhotoRejectReason };
}

/** Approves or rejects photos as the command line (audited); answers how many changed. */
async function decide(db: Db, photoIds: number[], decision: 'approve' | 'reject', reason?: PhotoRejectReason) {
  const found = await findPhotosWithOwner(db, photoIds);
  const missing = photoIds.filter((id) => !found.some((row) => row.photo.id === id));
  if (missing.length > 0) throw new Error(`no photo with id ${missing.join(', ')}`);
  const changed = await decidePhotos(
    { db },
    { actor: null, who: COMMAND_LINE, decision: { ids: photoIds, decision, reason } },
  );
  return changed.length;
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
        return console.log(`Approved ${await decide(db, ids(args), 'approve')} photo(s).`);
      case 'approve-all': {
        let total = 0;
        for (
          let batch = await listWaitingPhotoIds(db, 100);
          batch.length > 0;
          batch = await listWaitingPhotoIds(db, 100)
        ) {
          const changed = await decide(db, batch, 'approve');
          total += changed;
          if (changed === 0) break;
        }
        return console.log(`Approved ${total} photo(s).`);
      }
      case 'reject': {
        const { ids: photoIds, reason } = rejectArgs(args);
        return console.log(`Rejected ${await decide(db, photoIds, 'reject', reason)} photo(s).`);
      }
      case 'auto-approve': {
        const [state, flag, domain = 'localhost'] = args;
        if ((state !== 'on' && state !== 'off') || (flag !== undefined && flag !== '--site')) throw new Error(USAGE);
        const [site] = await findSitesByDomains(db, [domain]);
        if (!site) throw new Error(`no site with domain ${domain}`);
        // On PostgreSQL the running servers hear of it through NOTIFY and drop their cached site rows.
        const siteChanges = createSiteChanges(db, (msg, err) => console.warn(msg, err));
        await setPhotoSettings(
          { db, siteChanges },
          { actor: null, who: COMMAND_LINE, siteId: site.id, on: state === 'on' },
        );
        await siteChanges.close();
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
