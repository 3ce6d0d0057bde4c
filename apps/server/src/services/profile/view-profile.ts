import type { Db } from '../../db/client.js';
import { profileRelation } from '../../db/repositories/likes.js';
import {
  findProfile,
  listPhotos,
  ownProfileOf,
  type PhotoRow,
  type ProfileRow,
  type ProfileWithMain,
  relatedProfiles,
} from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, profileResource } from '../../policies/policies.js';
import { defaultMemberPreferences } from '../discovery/preferences.js';

/** Related profiles shown below a profile. */
const RELATED_COUNT = 6;

/** A member viewer's relation to a profile: likes either way and the viewer's own block. */
export interface ProfileRelation {
  liked: boolean;
  liked_by: boolean;
  blocked: boolean;
}

/** A profile as one viewer may see it, with what decides how it is presented. */
export interface ViewedProfile {
  profile: ProfileWithMain;
  /** Its photos: every status for the owner, else the approved ones. */
  photos: PhotoRow[];
  /** The viewer owns the profile (sees the date of birth and every photo). */
  isOwner: boolean;
  /** The viewer may see private photos (a premium member, SPEC.md 6). */
  canSeePrivate: boolean;
  related: ProfileWithMain[];
  /** Null for a visitor and for the owner. */
  relation: ProfileRelation | null;
}

/** The viewer's relation to a profile: likes either way and blocks either way (one round trip). */
async function relation(db: Db, viewer: ProfileRow, id: number) {
  const found = await profileRelation(db, viewer.id, id);
  return {
    liked: found.liked,
    liked_by: found.likedBy,
    blocked: found.viewerBlocked,
    blockedByOther: found.blockedByOther,
  };
}

/**
 * A profile as `viewer` (null for a visitor) sees it, with related profiles (SPEC.md 2, profile
 * view; for a member those they are shown by default, docs/matching.md) and, for members, `liked`, `liked_by` and `blocked`. Only active profiles are public; the
 * owner also sees their own disabled profile. A member the profile's owner blocked gets 404
 * (SPEC.md 4). Private photos are locked unless the viewer is premium (SPEC.md 6).
 * Input: `{ actor, site, viewer, id }`: `viewer` the member (null for a visitor), `id` the profile id;
 * the policy (`actor` may view the profile) is asked once the row is loaded.
 * @returns `{ profile, photos, isOwner, canSeePrivate, related, relation }` (ViewedProfile), presented
 *   as the ProfileView of SPEC.md 3 by `presentProfileView`
 * @throws AppError not_found (404) for unknown, disabled, blocked or deleted profiles
 */
export async function viewProfile(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; site: SiteRow; viewer: UserRow | null; id: number },
): Promise<ViewedProfile> {
  const { db } = deps;
  const { site, viewer, id } = input;
  const found = await findProfile(db, site.id, id);
  if (!found) throw notFound();
  const isOwner = viewer !== null && found.profile.user_id === viewer.id;
  if (found.profile.status !== 'active' && !isOwner) throw notFound();
  authorize(input.actor, 'view', profileResource(found.profile));
  const own = viewer && !isOwner ? await ownProfileOf(db, viewer) : null;
  const rel = own ? await relation(db, own.profile, id) : null;
  if (rel?.blockedByOther) throw notFound();
  const row = isOwner ? ((await findProfile(db, site.id, id, true)) ?? found) : found;
  const now = new Date();
  // Related profiles follow the viewing member's own preferences (docs/matching.md); the owner's too.
  const member = own?.profile ?? (isOwner ? found.profile : null);
  const prefs = member ? defaultMemberPreferences(member, now) : null;
  const [photos, related] = await Promise.all([
    listPhotos(db, id, isOwner),
    relatedProfiles(
      db,
      found.profile,
      RELATED_COUNT,
      member && prefs
        ? { profileId: member.id, fit: prefs.fit, minAge: prefs.minAge, maxAge: prefs.maxAge, now }
        : undefined,
    ),
  ]);
  const relationOut = rel ? { liked: rel.liked, liked_by: rel.liked_by, blocked: rel.blocked } : null;
  return { profile: row, photos, isOwner, canSeePrivate: viewer?.paid_user ?? false, related, relation: relationOut };
}
