import { randomBytes } from 'node:crypto';
import { REACTIVATION_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { eraseDirectDebitData } from '../../db/repositories/direct-debit.js';
import { deleteUserLoginAttempts } from '../../db/repositories/login-attempts.js';
import { deleteOutboxFor } from '../../db/repositories/outbox.js';
import { deleteUserPageEvents } from '../../db/repositories/page-events.js';
import { deleteUserPasskeys } from '../../db/repositories/passkeys.js';
import { findProfileByUserId, listPhotos } from '../../db/repositories/profiles.js';
import { deleteUserSessions } from '../../db/repositories/sessions.js';
import { deleteUserTokens } from '../../db/repositories/tokens.js';
import { anonymiseUser, deleteOwnProfile, findAccountsToErase, type UserRow } from '../../db/repositories/users.js';
import { listSelfieFiles } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { isPhotoName } from '../../storage/photo-names.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** Accounts erased per batch; the job loops until none is left. */
const BATCH = 100;

/**
 * The stored file names of every photo of the member `userId` (all sizes, private ones too) and of
 * their verification selfies not decided yet (issue: verified members).
 */
async function photoFilesOf(db: Db, userId: number): Promise<string[]> {
  const own = await findProfileByUserId(db, userId);
  const photos = own ? await listPhotos(db, own.profile.id, true) : [];
  const selfies = own ? await listSelfieFiles(db, own.profile.id) : [];
  // Stored names are flat or private/<name> (storage/photo-names.ts); anything else is never a photo file.
  return [...photos.flatMap((p) => [p.filename, p.match_filename, p.thumb_filename]), ...selfies].filter(isPhotoName);
}

/** Erases one account's personal data in one transaction. */
async function eraseAccount(db: Db, user: UserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteOwnProfile(tx, user.id);
    await deleteUserSessions(tx, user.id);
    await deleteUserPasskeys(tx, user.id);
    await deleteUserTokens(tx, user.id);
    await deleteUserLoginAttempts(tx, user.id);
    await deleteUserPageEvents(tx, user.id);
    await deleteOutboxFor(tx, user.email);
    await eraseDirectDebitData(tx, user.id);
    await anonymiseUser(tx, user.id, `!erased-${randomBytes(16).toString('hex')}`, now);
  });
}

/**
 * Erases members whose deletion was requested more than 14 days before `now` (DECISIONS.md: GDPR;
 * SPEC.md 4: reactivation window): deletes the photo files from `photoStore` (the folder or the S3
 * bucket; first, so a store that fails leaves the account for the next run with every file still
 * listed), then in one transaction the profile (photo rows cascade), sessions, tokens, login
 * attempts, page events, mails and direct-debit SMS to them,
 * mandates that led to no payment; anonymises the
 * account row (email `erased-<id>@invalid`, unusable password, no tracking or signup message,
 * erased_at now). Credit ledger rows stay (payments law). Returns how many accounts were erased.
 * Input: deps `{ db, photoStore? }` (without a store no file is removed), `{ now }` (the clock's time).
 * @throws the photo store's error (the accounts erased before it stay erased)
 */
export async function eraseExpiredAccounts(
  { db, photoStore }: Pick<AppDeps, 'db'> & { photoStore?: PhotoStore },
  opts: { now: Date },
): Promise<number> {
  const { now } = opts;
  const before = new Date(now.getTime() - REACTIVATION_DAYS * 24 * 3600 * 1000);
  let erased = 0;
  for (;;) {
    const due = await findAccountsToErase(db, before, BATCH);
    for (const user of due) {
      if (photoStore) await photoStore.remove(await photoFilesOf(db, user.id));
      await eraseAccount(db, user, now);
      erased += 1;
    }
    if (due.length < BATCH) return erased;
  }
}
