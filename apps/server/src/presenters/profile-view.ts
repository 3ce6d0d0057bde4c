import type { ProfileView } from '@app/contracts';
// Apart from profile.ts, which chat presenters import: this one reaches the view-profile use case.
import type { ViewedProfile } from '../services/profile/view-profile.js';
import { presentCard, presentProfile } from './profile.js';

/**
 * The ProfileView of SPEC.md 2-3 (GET /api/profile.php): `{ profile, related }`, plus `liked`,
 * `liked_by` and `blocked` for a member who is not the owner.
 */
export function presentProfileView(view: ViewedProfile, now = new Date()): ProfileView {
  const out: ProfileView = {
    profile: presentProfile(
      view.profile,
      view.photos,
      { ownView: view.isOwner, canSeePrivate: view.canSeePrivate },
      now,
    ),
    related: view.related.map((r) => presentCard(r, now)),
  };
  if (view.relation) {
    Object.assign(out, {
      liked: view.relation.liked,
      liked_by: view.relation.liked_by,
      blocked: view.relation.blocked,
    });
  }
  return out;
}
