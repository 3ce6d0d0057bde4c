import {
  findProfileForViewer,
  listPhotos,
  ownProfileOf,
  type PhotoRow,
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
  // The own profile came with the session (GET): who is the owner is known before any read.
  const own = viewer ? await ownProfileOf(db, viewer) : null;
  const isOwner = own !== null && own.profile.id === id;
  const viewerId = own && !isOwner ? own.profile.id : null;
  // One round trip: the profile with the viewer's likes and blocks either way, and its photos.
  const [found, photos] = await Promise.all([
    findProfileForViewer(db, site.id, id, viewerId, isOwner),
    listPhotos(db, id, isOwner),
  ]);
  if (!found) throw notFound();
  if (found.profile.status !== 'active' && !isOwner) throw notFound();
  authorize(input.actor, 'view', profileResource(found.profile));
  const rel = viewerId !== null ? found.relation : null;
  if (rel?.blockedByOther) throw notFound();
  const now = new Date();
  // Related profiles follow the viewing member's own preferences (docs/matching.md); the owner's too.
  const member = own?.profile ?? null;
  const prefs = member ? defaultMemberPreferences(member, now) : null;
  const related = await relatedProfiles(
    db,
    found.profile,
    RELATED_COUNT,
    member && prefs
      ? { profileId: member.id, fit: prefs.fit, minAge: prefs.minAge, maxAge: prefs.maxAge, now }
      : undefined,
  );
  const relationOut = rel ? { liked: rel.liked, liked_by: rel.likedBy, blocked: rel.viewerBlocked } : null;
  const profile = { profile: found.profile, main: found.main };
  return { profile, photos, isOwner, canSeePrivate: viewer?.paid_user ?? false, related, relation: relationOut };
}
