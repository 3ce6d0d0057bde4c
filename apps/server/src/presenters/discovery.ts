import type {
  AutoLikeResponse,
  LikesResponse,
  MatchesResponse,
  MatchFinderResponse,
  SearchResponse,
  SwipeResult,
  SwipeState,
} from '@app/contracts';
import type { ProfileWithMain } from '../db/repositories/profiles.js';
import type { MemberLikes } from '../services/discovery/list-likes.js';
import type { MemberMatch } from '../services/discovery/list-matches.js';
import type { MatchFinderResult } from '../services/discovery/match-finder.js';
import type { MemberSearchPage } from '../services/discovery/search-members.js';
import type { SwipeGame } from '../services/discovery/swipe-game.js';
import { presentCard } from './profile.js';

/**
 * The SearchResponse of SPEC.md 3 (GET /api/search.php): `{ pageNumber, numResults, numResultsCapped?,
 * results, similar? }`, cards with ages and online-ness at `now`.
 */
export function presentSearchResults(page: MemberSearchPage, now: Date): SearchResponse {
  const response: SearchResponse = {
    pageNumber: page.page,
    numResults: page.total,
    ...(page.capped ? { numResultsCapped: true } : {}),
    results: page.rows.map((r) => presentCard(r, now)),
  };
  if (page.similar) {
    response.similar = { widened: page.similar.widened, results: page.similar.rows.map((r) => presentCard(r, now)) };
  }
  return response;
}

/**
 * The LikesResponse of SPEC.md 3, 4, 7 (GET /api/likes.php): `{ profiles, liked_by: [{ id, like_new }],
 * likes: [{ id }], mutual: [{ id }] }`.
 */
export function presentLikes(likes: MemberLikes, now: Date): LikesResponse {
  return {
    profiles: likes.profiles.map((p) => presentCard(p, now)),
    liked_by: likes.received.map((l) => ({ id: l.liker, like_new: l.isNew })),
    likes: likes.given.map((id) => ({ id })),
    mutual: likes.mutual.map((id) => ({ id })),
  };
}

/** The MatchesResponse of SPEC.md 2, match dialog (GET /api/matches.php): `{ matches: [{ profile, created_at }] }`. */
export function presentMatches(matches: MemberMatch[], now: Date): MatchesResponse {
  return {
    matches: matches.map((m) => ({ profile: presentCard(m.profile, now), created_at: m.createdAt.toISOString() })),
  };
}

/** The AutoLikeResponse of SPEC.md 2, like modal (GET /api/auto-like.php): the liker's card or null. */
export function presentAutoLike(liker: ProfileWithMain | null, now: Date): AutoLikeResponse {
  return liker ? presentCard(liker, now) : null;
}

/** The SwipeState of SPEC.md 2, 6 (GET /api/swipe-game.php): `{ card, likes_left, day }`. */
export function presentSwipeState(game: SwipeGame, now: Date): SwipeState {
  return { card: game.next ? presentCard(game.next, now) : null, likes_left: game.likesLeft, day: game.day };
}

/** The SwipeResult of SPEC.md 2, 6 (POST /api/swipe-game.php): the SwipeState and `match`. */
export function presentSwipeResult(game: SwipeGame & { match: boolean }, now: Date): SwipeResult {
  return { ...presentSwipeState(game, now), match: game.match };
}

/**
 * The MatchFinderResponse of SPEC.md 2 (GET and PUT /api/match-finder.php): `{ preferences, saved,
 * results: [{ profile, score, shared_interests, distance_km }] }`, distance rounded to whole km.
 */
export function presentMatchFinder(found: MatchFinderResult, now: Date): MatchFinderResponse {
  return {
    preferences: found.preferences,
    saved: found.saved,
    results: found.results.map(({ candidate, score, shared }) => ({
      profile: presentCard(candidate, now),
      score,
      shared_interests: shared,
      distance_km: candidate.distanceKm === null ? null : Math.round(candidate.distanceKm),
    })),
  };
}
