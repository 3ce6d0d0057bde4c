import { lastAutoLikeAt, newestLikerOf, profilesByIds } from '../../db/repositories/likes.js';
import { fictionalLikerFor, type ProfileWithMain } from '../../db/repositories/profiles.js';
import { requireOwnProfile, soughtGenders } from './discovery-access.js';
import { type DiscoveryDeps, type MemberInput, publishLike, storeLike } from './like-member.js';

/** At most one system-made like per member per this many seconds. */
export const AUTO_LIKE_INTERVAL_SECONDS = 86_400;

/**
 * GET /api/auto-like.php (SPEC.md 2 like modal, 7): a profile that has liked the member, newest new
 * like first. When nobody has, a FICTIONAL profile of the site may like the member (source 'auto', at
 * most once a day): DECISIONS.md allows system-made likes only from fictional profiles, which carry
 * their label in the modal. A real member's like is only ever made by that member.
 * Input: `{ site, user }` (`actor` unused: no profile is loaded by id).
 * @returns the liker's profile with its main photo, or null (`presentAutoLike`
 *   makes the card of SPEC.md 2: id, main_image.match, fictional)
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function autoLike(
  deps: DiscoveryDeps,
  input: Pick<MemberInput, 'site' | 'user'>,
): Promise<ProfileWithMain | null> {
  const { site, user } = input;
  const own = await requireOwnProfile(deps.db, user);
  const now = deps.clock.now();
  let likerId = await newestLikerOf(deps.db, own.id, { newOnly: true });
  if (likerId === null) {
    const last = await lastAutoLikeAt(deps.db, own.id);
    const mayCreate = !last || now.getTime() - last.getTime() >= AUTO_LIKE_INTERVAL_SECONDS * 1000;
    const fictional = mayCreate ? await fictionalLikerFor(deps.db, site.id, own, soughtGenders(own)) : null;
    if (fictional) {
      const result = await deps.db.transaction((tx) =>
        storeLike(tx, { siteId: site.id, liker: fictional, target: own.id, source: 'auto', at: now }),
      );
      await publishLike(deps, fictional, own.id, result);
      likerId = fictional;
    }
  }
  if (likerId === null) return null;
  const [card] = await profilesByIds(deps.db, [likerId]);
  return card ?? null;
}
