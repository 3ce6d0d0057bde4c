import type { ProfileView } from '@app/contracts';
import type { Db } from '../db/client.js';
import { findProfile, listPhotos, relatedProfiles } from '../db/repositories/profiles.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { UserRow } from '../db/repositories/users.js';
import { notFound } from '../errors.js';
import { presentCard, presentProfile } from '../presenters/profile.js';

/** Related profiles shown below a profile. */
const RELATED_COUNT = 6;

/**
 * A profile as `viewer` (null for a visitor) sees it, with related profiles (SPEC.md 2, profile
 * view). Only active profiles are public; the owner also sees their own disabled profile.
 * Private photos are locked unless the viewer is premium (SPEC.md 6).
 * @throws AppError not_found for unknown, disabled, blocked or deleted profiles
 */
export async function viewProfile(db: Db, site: SiteRow, viewer: UserRow | null, id: number): Promise<ProfileView> {
  const found = await findProfile(db, site.id, id);
  if (!found) throw notFound();
  const isOwner = viewer !== null && found.profile.user_id === viewer.id;
  if (found.profile.status !== 'active' && !isOwner) throw notFound();
  const row = isOwner ? ((await findProfile(db, site.id, id, true)) ?? found) : found;
  const [photos, related] = await Promise.all([
    listPhotos(db, id, isOwner),
    relatedProfiles(db, found.profile, RELATED_COUNT),
  ]);
  const now = new Date();
  return {
    profile: presentProfile(row, photos, { ownView: isOwner, canSeePrivate: viewer?.paid_user ?? false }, now),
    related: related.map((r) => presentCard(r, now)),
  };
}
