import { profilesByIds } from '../../db/repositories/likes.js';
import { listMatchesOf } from '../../db/repositories/matches.js';
import type { ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from './discovery-access.js';

/** A match of the member: the other side's profile and when it was made. */
export interface MemberMatch {
  profile: ProfileWithMain;
  createdAt: Date;
}

/**
 * GET /api/matches.php (SPEC.md 2, match dialog): the member's matches, newest first; `unseenOnly`
 * those whose dialog has not been shown to this member yet (polled with the user refresh).
 * Input: `{ user, unseenOnly }`.
 * @returns the matches with active profiles, `{ profile, createdAt }[]` (MemberMatch), presented by
 *   `presentMatches` as the MatchesResponse
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listMatches(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow; unseenOnly: boolean },
): Promise<MemberMatch[]> {
  const { db } = deps;
  const { user, unseenOnly } = input;
  const own = await requireOwnProfile(db, user);
  const matches = await listMatchesOf(db, own.id, unseenOnly);
  const cards = await profilesByIds(
    db,
    matches.map((m) => m.other),
  );
  const byId = new Map(cards.filter((c) => c.profile.status === 'active').map((c) => [c.profile.id, c]));
  return matches.flatMap((m) => {
    const card = byId.get(m.other);
    return card ? [{ profile: card, createdAt: m.createdAt }] : [];
  });
}
