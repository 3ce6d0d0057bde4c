import {
  AutoLikeResponseSchema,
  IcebreakersQuerySchema,
  IcebreakersResponseSchema,
  LikeResponseSchema,
  LikesResponseSchema,
  MatchesQuerySchema,
  MatchesResponseSchema,
  MatchFinderResponseSchema,
  MatchPreferencesSchema,
  ProfileRefBodySchema,
  SwipeBodySchema,
  SwipeResultSchema,
  SwipeStateSchema,
} from '../discovery.js';
import { OkSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['discovery'] as const;
const memberOnly = '403 authentication_required for visitors. ';
const unreachable = '404 not_found for unknown, inactive, own or blocked profiles.';
const errors = [400, 403, 404] as const;

/**
 * Likes, matches, auto-like, the swipe game, the match finder, icebreakers and blocking (SPEC.md 2-7).
 * Members only: 403 authentication_required for visitors; unreachable profiles are 404 not_found.
 */
export const discoveryCalls = {
  /** POST /api/like.php {profile}: {liked, match}; realtime like/match events go to the other after commit. */
  like: defineCall({
    method: 'POST',
    path: '/api/like.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: LikeResponseSchema,
    errors,
    tags,
    summary: 'Like a profile; match when the other liked back (SPEC.md 2, 3)',
    description: `${memberOnly}${unreachable} Realtime events like/match go to the other after commit.`,
  }),
  /** DELETE /api/like.php {profile}: takes a like back; a match between the two ends. */
  unlike: defineCall({
    method: 'DELETE',
    path: '/api/like.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'Take back a like; a match between the two ends',
    description: `${memberOnly}404 not_found for unknown or own profiles.`,
  }),
  /** GET /api/likes.php: likes received, given and mutual with their profiles (SPEC.md 7). */
  likes: defineCall({
    method: 'GET',
    path: '/api/likes.php',
    kind: 'json',
    response: LikesResponseSchema,
    errors: [403],
    tags,
    summary: 'Likes received (new first, then newest), given and mutual, with every profile involved (SPEC.md 7)',
    description: memberOnly,
  }),
  /** POST /api/likes-seen.php {profile}: clears the new flag of that profile's like (SPEC.md 4). */
  likesSeen: defineCall({
    method: 'POST',
    path: '/api/likes-seen.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: "Clear the new flag of that profile's like (opening /likes/m/{id}, SPEC.md 4)",
    description: memberOnly,
  }),
  /** GET /api/matches.php?unseen=1: matches, newest first; unseen only those whose dialog was not shown. */
  matches: defineCall({
    method: 'GET',
    path: '/api/matches.php',
    kind: 'json',
    query: MatchesQuerySchema,
    response: MatchesResponseSchema,
    errors,
    tags,
    summary: 'Matches, newest first; unseen=1 only those whose match dialog this member has not seen',
    description: memberOnly,
  }),
  /** POST /api/matches-seen.php {profile}: the match dialog with that profile was shown. */
  matchesSeen: defineCall({
    method: 'POST',
    path: '/api/matches-seen.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'The match dialog with that profile was shown',
    description: memberOnly,
  }),
  /** GET /api/auto-like.php: a profile that liked the member (SPEC.md 7), or null; fictional ones are marked. */
  autoLike: defineCall({
    method: 'GET',
    path: '/api/auto-like.php',
    kind: 'json',
    response: AutoLikeResponseSchema,
    errors: [403],
    tags,
    summary: 'A profile that liked the member, for the like modal (SPEC.md 2, 7), or null',
    description:
      `${memberOnly}When nobody liked the member, a fictional profile (never a real member) may like ` +
      'them, at most once a day; the card then has fictional: true and must show the fictional label.',
  }),
  /** GET /api/swipe-game.php: the next card and the likes left today (null: unlimited, premium). */
  swipeState: defineCall({
    method: 'GET',
    path: '/api/swipe-game.php',
    kind: 'json',
    response: SwipeStateSchema,
    errors: [403],
    tags,
    summary: 'The next swipe-game card and the likes left today (SPEC.md 6)',
    description: `${memberOnly}likes_left is null for premium members (unlimited).`,
  }),
  /** POST /api/swipe-game.php {profile, action}: the next state; 403 premium_required after 4 likes a day. */
  swipe: defineCall({
    method: 'POST',
    path: '/api/swipe-game.php',
    kind: 'json',
    body: SwipeBodySchema,
    response: SwipeResultSchema,
    errors,
    tags,
    summary: 'Like or pass on a swipe-game card; answers the next state',
    description:
      `${memberOnly}${unreachable} 403 premium_required (data.reason swipe_likes_per_day) when a free ` +
      "member used today's likes; the day ends at midnight in the member's time zone.",
  }),
  /** GET /api/match-finder.php: saved (or default) preferences and ranked proposals (docs/matching.md). */
  matchFinder: defineCall({
    method: 'GET',
    path: '/api/match-finder.php',
    kind: 'json',
    response: MatchFinderResponseSchema,
    errors: [403],
    tags,
    summary: 'Saved (or default) match preferences and ranked proposals (docs/matching.md)',
    description: memberOnly,
  }),
  /** PUT /api/match-finder.php: saves what the member looks for and ranks again. */
  saveMatchPreferences: defineCall({
    method: 'PUT',
    path: '/api/match-finder.php',
    kind: 'json',
    body: MatchPreferencesSchema,
    response: MatchFinderResponseSchema,
    errors,
    tags,
    summary: 'Save what the member looks for and rank again',
    description: memberOnly,
  }),
  /** GET /api/icebreakers.php?profile=: suggested first messages in the member's language. */
  icebreakers: defineCall({
    method: 'GET',
    path: '/api/icebreakers.php',
    kind: 'json',
    query: IcebreakersQuerySchema,
    response: IcebreakersResponseSchema,
    errors,
    tags,
    summary: "Suggested first messages to a profile, in the member's language",
    description: `${memberOnly}${unreachable}`,
  }),
  /** POST /api/block.php {profile}: likes and match removed, conversation hidden for both (SPEC.md 4). */
  block: defineCall({
    method: 'POST',
    path: '/api/block.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'Block a profile: likes and match removed, conversation hidden for both (SPEC.md 4)',
    description: `${memberOnly}404 not_found for unknown, inactive or own profiles.`,
  }),
  /** DELETE /api/block.php {profile}: lifts a block. */
  unblock: defineCall({
    method: 'DELETE',
    path: '/api/block.php',
    kind: 'json',
    body: ProfileRefBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'Lift a block',
    description: `${memberOnly}404 not_found for unknown or own profiles.`,
  }),
};
