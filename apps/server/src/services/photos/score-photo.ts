import {
  findChatPhotoToScore,
  findProfilePhotoToScore,
  storeChatPhotoScores,
  storeProfilePhotoScores,
} from '../../db/repositories/photo-scores.js';
import { ensureMainPhoto, setPhotoStatus } from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';
import { explicitScore, isAboveThreshold } from './explicit-rules.js';

/** What scoring one photo did: the explicit score and whether it is above the site's threshold. */
export interface ScoreOutcome {
  explicitScore: number;
  aboveThreshold: boolean;
  /** A waiting profile photo that was approved now (the site approves automatically, the score is not above). */
  approved: boolean;
}

/**
 * The score_photo job (issue: explicit photos; docs/decisions/023-explicit-photos.md): reads the
 * stored full-size file, asks the model (deps.photoScorer, loaded once per process) and stores the
 * scores with the photo. A profile photo waiting on a site with auto_approve_photos is approved when
 * its score is not above the site's explicit_photo_threshold; above it, it keeps waiting for a
 * moderator (nothing is refused or deleted by the model). A chat photo's recipient hears
 * `photo_checked` (their app fetches the message again: blurred or shown). A photo gone meanwhile
 * (deleted, erased) is skipped. Input: the job's payload `{ photo }` or `{ message }`.
 * @returns the outcome, or null when the photo is gone
 * @throws when the file cannot be read or scored (the job is retried with backoff)
 */
export async function scorePhoto(
  deps: Pick<AppDeps, 'db' | 'clock' | 'bus' | 'photoStore' | 'photoScorer'>,
  payload: JobPayloads['score_photo'],
): Promise<ScoreOutcome | null> {
  if ('photo' in payload) return scoreProfilePhoto(deps, payload.photo);
  return scoreChatPhoto(deps, payload.message);
}

async function readAndScore(deps: Pick<AppDeps, 'photoStore' | 'photoScorer'>, filename: string) {
  const data = await deps.photoStore.read(filename);
  if (!data) return null;
  const scores = await deps.photoScorer.score(data);
  return { explicitScore: explicitScore(scores), scores: { ...scores } };
}

async function scoreProfilePhoto(
  deps: Pick<AppDeps, 'db' | 'photoStore' | 'photoScorer'>,
  photoId: number,
): Promise<ScoreOutcome | null> {
  const found = await findProfilePhotoToScore(deps.db, photoId);
  if (!found) return null;
  const stored = await readAndScore(deps, found.photo.filename);
  if (!stored) return null;
  const above = isAboveThreshold(stored.explicitScore, found.threshold);
  const approved = await deps.db.transaction(async (tx) => {
    await storeProfilePhotoScores(tx, photoId, stored);
    if (above || !found.autoApprove || found.photo.status !== 'awaiting_approval') return false;
    // Conditional: a moderator's decision in the meantime stands.
    const after = await setPhotoStatus(tx, photoId, 'awaiting_approval', { status: 'approved', rejectReason: null });
    if (after && !after.is_private) await ensureMainPhoto(tx, after.profile_id);
    return after !== null;
  });
  return { explicitScore: stored.explicitScore, aboveThreshold: above, approved };
}

async function scoreChatPhoto(
  deps: Pick<AppDeps, 'db' | 'clock' | 'bus' | 'photoStore' | 'photoScorer'>,
  messageId: number,
): Promise<ScoreOutcome | null> {
  const found = await findChatPhotoToScore(deps.db, messageId);
  if (!found) return null;
  const stored = await readAndScore(deps, found.filename);
  if (!stored) return null;
  await storeChatPhotoScores(deps.db, messageId, stored, deps.clock.now());
  await deps.bus.publish([found.recipientProfileId], {
    type: 'photo_checked',
    conversation: found.conversationId,
    message_id: messageId,
  });
  const above = isAboveThreshold(stored.explicitScore, found.threshold);
  return { explicitScore: stored.explicitScore, aboveThreshold: above, approved: false };
}
