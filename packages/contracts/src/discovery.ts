import { z } from 'zod';
import { MAXIMUM_AGE, MINIMUM_AGE } from './constants.js';
import { GENDERS } from './enums.js';
import { INTERESTS } from './interests.js';
import { MemberCardSchema } from './profile.js';
import { text } from './text.js';

/** Body of like, unlike, block, unblock, likes-seen and matches-seen: the other profile's id. */
export const ProfileRefBodySchema = z.object({ profile: z.number().int().positive() });
export type ProfileRefBody = z.infer<typeof ProfileRefBodySchema>;

/** POST /api/like.php: the like is stored; `match` when the other had liked back (mutual like). */
export const LikeResponseSchema = z.object({ liked: z.literal(true), match: z.boolean() }).meta({ id: 'LikeResponse' });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** Liked-by entry of SPEC.md 3: who liked the member, and whether the member has not seen it yet. */
export const LikedByEntrySchema = z.object({ id: z.number().int(), like_new: z.boolean() });
export type LikedByEntry = z.infer<typeof LikedByEntrySchema>;

/**
 * GET /api/likes.php (SPEC.md 7): every profile involved once in `profiles`; `liked_by` received
 * likes (new first, then newest), `likes` given likes (newest first), `mutual` matches (newest first).
 */
export const LikesResponseSchema = z
  .object({
    profiles: z.array(MemberCardSchema),
    liked_by: z.array(LikedByEntrySchema),
    likes: z.array(z.object({ id: z.number().int() })),
    mutual: z.array(z.object({ id: z.number().int() })),
  })
  .meta({ id: 'LikesResponse' });
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/** GET /api/auto-like.php (SPEC.md 7): a profile that liked the member (id, main_image.match), or null. */
export const AutoLikeResponseSchema = MemberCardSchema.nullable();
export type AutoLikeResponse = z.infer<typeof AutoLikeResponseSchema>;

/** GET /api/matches.php?unseen=1: matches whose dialog this member has not seen yet. */
export const MatchesQuerySchema = z.object({ unseen: z.enum(['0', '1']).optional() });
export const MatchEntrySchema = z.object({
  profile: MemberCardSchema,
  created_at: text().describe('ISO 8601'),
});
export const MatchesResponseSchema = z.object({ matches: z.array(MatchEntrySchema) }).meta({ id: 'MatchesResponse' });
export type MatchEntry = z.infer<typeof MatchEntrySchema>;
export type MatchesResponse = z.infer<typeof MatchesResponseSchema>;

/** GET /api/swipe-game.php: the next card, likes left today (null: unlimited, premium) and the local day. */
export const SwipeStateSchema = z
  .object({
    card: MemberCardSchema.nullable(),
    likes_left: z.number().int().nullable().describe('null for premium members (unlimited)'),
    day: text().describe("YYYY-MM-DD in the member's time zone; the quota resets at its midnight"),
  })
  .meta({ id: 'SwipeState' });
export type SwipeState = z.infer<typeof SwipeStateSchema>;

/** POST /api/swipe-game.php: like or pass on the shown card. */
export const SwipeBodySchema = z.object({ profile: z.number().int().positive(), action: z.enum(['like', 'pass']) });
export type SwipeBody = z.infer<typeof SwipeBodySchema>;
export const SwipeResultSchema = SwipeStateSchema.extend({ match: z.boolean() }).meta({ id: 'SwipeResult' });
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

/** What the member looks for in the match finder (saved in users.match_preferences). */
export const MatchPreferencesSchema = z
  .object({
    genders: z.array(z.enum(GENDERS)).min(1).max(2),
    min_age: z.number().int().min(MINIMUM_AGE).max(MAXIMUM_AGE),
    max_age: z.number().int().min(MINIMUM_AGE).max(MAXIMUM_AGE),
    distance: z.number().int().min(1).max(1000).nullable().describe('km; null: anywhere'),
    interests: z.array(z.enum(INTERESTS)).max(15),
  })
  .meta({ id: 'MatchPreferences' });
export type MatchPreferences = z.infer<typeof MatchPreferencesSchema>;

/** One proposal of the match finder: score 0-100 and its parts (docs/matching.md). */
export const MatchProposalSchema = z.object({
  profile: MemberCardSchema,
  score: z.number().int().min(0).max(100),
  shared_interests: z.array(text()),
  distance_km: z.number().int().nullable(),
});
export type MatchProposal = z.infer<typeof MatchProposalSchema>;

/** GET and PUT /api/match-finder.php: the (saved or default) preferences and the ranked proposals. */
export const MatchFinderResponseSchema = z
  .object({
    preferences: MatchPreferencesSchema,
    saved: z.boolean().describe('false while the preferences are defaults from the own profile'),
    results: z.array(MatchProposalSchema),
  })
  .meta({ id: 'MatchFinderResponse' });
export type MatchFinderResponse = z.infer<typeof MatchFinderResponseSchema>;

/** GET /api/icebreakers.php?profile=: suggested first messages in the member's language. */
export const IcebreakersQuerySchema = z.object({ profile: z.coerce.number().int().positive() });
export const IcebreakersResponseSchema = z.object({ icebreakers: z.array(text()) }).meta({ id: 'IcebreakersResponse' });
export type IcebreakersResponse = z.infer<typeof IcebreakersResponseSchema>;

/** Steps the search takes to find similar results when a search finds less than a page. */
export const SEARCH_WIDENINGS = ['region', 'age', 'country', 'distance'] as const;
export type SearchWidening = (typeof SEARCH_WIDENINGS)[number];
/** Years the age range widens on each side for similar results. */
export const SIMILAR_AGE_WIDENING = 5;
