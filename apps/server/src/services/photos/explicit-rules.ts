import type { NsfwScores } from '../../nsfw/nsfw-model.js';

/** The default explicit_photo_threshold of a site (issue: explicit photos; docs/decisions/023-explicit-photos.md). */
export const DEFAULT_EXPLICIT_THRESHOLD = 0.8;

/**
 * The one explicit score of a photo, 0..1: nsfwjs's `porn` plus `hentai` (a drawn sexual picture);
 * `sexy` (suggestive, swimwear) does not count. A signal, never a verdict.
 */
export function explicitScore(scores: NsfwScores): number {
  return Math.min(1, scores.porn + scores.hentai);
}

/** Whether a score is above the site's threshold (then blurred in chats and held for a moderator). */
export function isAboveThreshold(score: number | null, threshold: number): boolean {
  return score !== null && score > threshold;
}

/**
 * What the recipient of a chat photo is told about it (issue: explicit photos): `pending` before the
 * score exists (blurred until scored, ~a second), `explicit` above the site's threshold, else
 * nothing. The sender never gets a check. `score` undefined: not scored yet; null: from before the model.
 */
export function chatPhotoCheck(
  viewerProfileId: number,
  senderProfileId: number,
  score: number | null | undefined,
  threshold: number,
): 'pending' | 'explicit' | undefined {
  if (viewerProfileId === senderProfileId) return undefined;
  if (score === undefined) return 'pending';
  return isAboveThreshold(score, threshold) ? 'explicit' : undefined;
}
