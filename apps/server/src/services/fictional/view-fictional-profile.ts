import { countFictionalConversations } from '../../db/repositories/fictional-profiles.js';
import { listPhotos, type PhotoRow } from '../../db/repositories/profiles.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { type FictionalWithSite, loadFictionalFor } from './load-fictional.js';

/** Everything staff see of one fictional profile (presented by presenters/admin/fictional.ts). */
export interface FictionalDetail extends FictionalWithSite {
  /** Every photo, private ones too, in display order. */
  photos: PhotoRow[];
  conversations: { total: number; waiting: number };
}

/**
 * One fictional profile as the back office shows it (issue: back office II): every profile field, its
 * photos (private ones too), the persona note and niches, its site and its conversation counts.
 * Admins, and operators who answer its conversations ('view'). A fictional profile is nobody's
 * private data, so the read is not audit-logged.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for an unknown id, a
 *   member's profile or one of a site outside the actor's
 */
export async function viewFictionalProfile(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; id: number },
): Promise<FictionalDetail> {
  const record = await loadFictionalFor(db, { actor: input.actor, action: 'view', id: input.id });
  const [photos, conversations] = await Promise.all([
    listPhotos(db, record.profile.id, true),
    countFictionalConversations(db, record.profile.id),
  ]);
  return { ...record, photos, conversations };
}
