import type { PushKind } from '@app/contracts';
import {
  findPushLike,
  findPushMatch,
  findPushMessage,
  findPushOtherProfile,
  type PushMessage,
  type PushRecipient,
  pushBadgeCount,
} from '../../db/repositories/push-subscriptions.js';
import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';
import type { PushNotice } from './push-payload.js';

/** Account statuses that get no notification: leaving, or banned. */
const SILENT_ACCOUNT_STATUSES = new Set(['pending_deletion', 'banned']);
/** Profile statuses of a member who is gone from the site (staff-blocked or deleted). */
const GONE_PROFILE_STATUSES = new Set(['blocked', 'deleted']);

/** Whether the recipient still wants and may get a push of their kind at `now`. */
export function isPushRecipientReachable(recipient: PushRecipient, now: Date): boolean {
  if (recipient.isErased || SILENT_ACCOUNT_STATUSES.has(recipient.status)) return false;
  if (recipient.suspendedUntil && recipient.suspendedUntil > now) return false;
  if (GONE_PROFILE_STATUSES.has(recipient.profileStatus)) return false;
  return recipient.wantsKind;
}

/**
 * What the event is now, or null when it no longer deserves a push: a message read by now (the
 * member had the chat open, which reads it at once), hidden, deleted, or followed by a newer one
 * of the same sender (whose push covers both); a like taken back, already seen, shown at once
 * in the like modal (a fictional profile's auto-like) or answered with a match (the match has its
 * own push); a match undone or whose dialog the member saw already.
 */
async function eventState(
  db: AppDeps['db'],
  kind: PushKind,
  recipientProfile: number,
  job: JobPayloads['notify_push'],
): Promise<{ at: Date; message?: PushMessage } | null> {
  if (kind === 'message') {
    if (job.message === undefined) return null;
    const message = await findPushMessage(db, job.message, recipientProfile);
    if (!message || message.senderProfileId !== job.profile) return null;
    if (message.isRead || message.isHidden || message.hasNewer) return null;
    return { at: message.createdAt, message };
  }
  if (kind === 'like') {
    const like = await findPushLike(db, job.profile, recipientProfile);
    if (!like?.isNew || like.source === 'auto' || like.isMatch) return null;
    return { at: like.createdAt };
  }
  const match = await findPushMatch(db, recipientProfile, job.profile);
  if (!match || match.seen) return null;
  return { at: match.createdAt };
}

/**
 * Reads what a `notify_push` job is about as it stands now (docs/decisions/013-notifications.md:
 * the job reads the current state, not the event): the event, the other member as the recipient
 * may see them (no block either way; a like or match only from an active profile), the
 * recipient's site and badge. Null when no push should go out.
 */
export async function readPushNotice(
  deps: Pick<AppDeps, 'db'>,
  recipient: PushRecipient,
  job: JobPayloads['notify_push'],
): Promise<PushNotice | null> {
  const { db } = deps;
  const event = await eventState(db, job.kind, recipient.profileId, job);
  if (!event) return null;
  const other = await findPushOtherProfile(db, recipient.profileId, job.profile);
  if (!other || other.isBlocked || GONE_PROFILE_STATUSES.has(other.status)) return null;
  if (job.kind !== 'message' && other.status !== 'active') return null;
  const [site, badge] = await Promise.all([
    findSiteById(db, recipient.siteId),
    pushBadgeCount(db, recipient.profileId),
  ]);
  if (!site) return null;
  return {
    kind: job.kind,
    site,
    language: recipient.language,
    other,
    ...(event.message ? { message: event.message } : {}),
    badge,
    at: event.at,
  };
}
