import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { REACTIVATION_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { eraseDirectDebitData } from '../../db/repositories/direct-debit.js';
import { deleteUserLoginAttempts } from '../../db/repositories/login-attempts.js';
import { deleteOutboxFor } from '../../db/repositories/outbox.js';
import { deleteUserPageEvents } from '../../db/repositories/page-events.js';
import { findProfileByUserId, listPhotos } from '../../db/repositories/profiles.js';
import { deleteUserSessions } from '../../db/repositories/sessions.js';
import { deleteUserTokens } from '../../db/repositories/tokens.js';
import { anonymiseUser, deleteOwnProfile, findAccountsToErase, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { isPhotoName } from '../../storage/photo-names.js';

/** Accounts erased per batch; the job loops until none is left. */
const BATCH = 100;

/** Removes photo files; a file already gone is fine. */
async function removeFiles(photoDir: string, names: string[]): Promise<void> {
  // Stored names are flat or private/<name> (storage/photo-names.ts); anything else is never a photo file.
  const files = names.filter(isPhotoName).map((name) => path.join(photoDir, name));
  await Promise.all(files.map((file) => unlink(file).catch(() => undefined)));
}

/** Erases one account's personal data; returns the photo file names to remove after the commit. */
async function eraseAccount(db: Db, user: UserRow, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const own = await findProfileByUserId(tx, user.id);
    const photos = own ? await listPhotos(tx, own.profile.id, true) : [];
    await deleteOwnProfile(tx, user.id);
    await deleteUserSessions(tx, user.id);
    await deleteUserTokens(tx, user.id);
    await deleteUserLoginAttempts(tx, user.id);
    await deleteUserPageEvents(tx, user.id);
    await deleteOutboxFor(tx, user.email);
    await eraseDirectDebitData(tx, user.id);
    await anonymiseUser(tx, user.id, `!erased-${randomBytes(16).toString('hex')}`, now);
    return photos.flatMap((p) => [p.filename, p.match_filename, p.thumb_filename]);
  });
}

/**
 * Erases members whose deletion was requested more than 14 days before `now` (DECISIONS.md: GDPR;
 * SPEC.md 4: reactivation window): deletes the profile (photo rows cascade) and the photo files in
 * `photoDir`, sessions, tokens, login attempts, page events, mails and direct-debit SMS to them,
 * mandates that led to no payment; anonymises the
 * account row (email `erased-<id>@invalid`, unusable password, no tracking or signup message,
 * erased_at now). Credit ledger rows stay (payments law). Returns how many accounts were erased.
 * Input: `{ now, photoDir? }` (now: the clock's time; without photoDir no file is removed).
 */
export async function eraseExpiredAccounts(
  { db }: Pick<AppDeps, 'db'>,
  opts: { now: Date; photoDir?: string },
): Promise<number> {
  const { now } = opts;
  const before = new Date(now.getTime() - REACTIVATION_DAYS * 24 * 3600 * 1000);
  let erased = 0;
  for (;;) {
    const due = await findAccountsToErase(db, before, BATCH);
    for (const user of due) {
      const files = await eraseAccount(db, user, now);
      if (opts.photoDir) await removeFiles(opts.photoDir, files);
      erased += 1;
    }
    if (due.length < BATCH) return erased;
  }
}
