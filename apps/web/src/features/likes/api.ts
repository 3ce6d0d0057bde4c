import { discoveryCalls } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { setChatCounts } from '../chat/counts-store';

/** Query keys of the discovery area. */
export const discoveryKeys = {
  likes: ['likes'] as const,
  unseenMatches: ['matches', 'unseen'] as const,
  swipe: ['swipe-game'] as const,
  matchFinder: ['match-finder'] as const,
  icebreakers: (profile: number) => ['icebreakers', profile] as const,
};

/** GET /api/likes.php (SPEC.md 7); each answer updates the new-likes badge (SPEC.md 2). */
export const likesQuery = queryOptions({
  queryKey: discoveryKeys.likes,
  queryFn: async ({ signal }) => {
    const likes = await call(discoveryCalls.likes, { signal });
    setChatCounts({ newLikes: likes.liked_by.filter((l) => l.like_new).length });
    return likes;
  },
});

/** GET /api/matches.php?unseen=1: matches whose dialog this member has not seen. */
export const unseenMatchesQuery = queryOptions({
  queryKey: discoveryKeys.unseenMatches,
  queryFn: ({ signal }) => call(discoveryCalls.matches, { query: { unseen: '1' }, signal }),
});

/** Like or unlike a profile; reloads likes and that profile's view. */
export function useLikeMutation(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? call(discoveryCalls.like, { body: { profile: profileId } })
        : call(discoveryCalls.unlike, { body: { profile: profileId } }).then(() => ({
            liked: true as const,
            match: false,
          })),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: discoveryKeys.likes });
      void client.invalidateQueries({ queryKey: queryKeys.profile(profileId) });
    },
  });
}

/** Block or unblock a profile (SPEC.md 4); reloads likes, that profile and the search. */
export function useBlockMutation(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      call(block ? discoveryCalls.block : discoveryCalls.unblock, { body: { profile: profileId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: discoveryKeys.likes });
      void client.invalidateQueries({ queryKey: queryKeys.profile(profileId) });
      void client.invalidateQueries({ queryKey: ['search'] });
    },
  });
}

/** POST /api/likes-seen.php: clears the new flag of `profileId`'s like (opening /likes/m/{id}). */
export async function markLikeSeen(profileId: number): Promise<void> {
  await call(discoveryCalls.likesSeen, { body: { profile: profileId } });
}

/** POST /api/matches-seen.php: the match dialog with `profileId` was shown. */
export async function markMatchSeen(profileId: number): Promise<void> {
  await call(discoveryCalls.matchesSeen, { body: { profile: profileId } });
}
