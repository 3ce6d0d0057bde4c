import { ageOn, defaultAgeRange, INTERESTS, interestedIn, type MatchPreferences } from '@app/contracts';
import { type Candidate, matchCandidates } from '../../db/repositories/match-finder.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { DiscoveryDeps } from './like-member.js';
import { fitForGenders } from './preferences.js';

/** Proposals shown; candidates ranked (the pool the database pre-selects). */
const RESULTS = 24;
const POOL = 300;
/** Weights of the score parts (docs/matching.md); they add up to 1. */
export const WEIGHTS = { interests: 0.5, age: 0.25, distance: 0.25 } as const;
/** Distance scale in km when the member set no maximum distance. */
const OPEN_DISTANCE_KM = 200;

/** A ranked proposal: the candidate (profile, main photo, distance in km or null), score 0-100, shared interests. */
export interface RankedCandidate {
  candidate: Candidate;
  score: number;
  shared: string[];
}

/** What the match finder answers (presented by `presentMatchFinder`). */
export interface MatchFinderResult {
  preferences: MatchPreferences;
  /** The member saved these preferences (else they are the defaults). */
  saved: boolean;
  /** Best first, at most 24. */
  results: RankedCandidate[];
}

/**
 * Preferences derived from the own profile until the member saves their own (docs/matching.md): the
 * genders they are interested in, own age −8/+8 (18..99), 50 km when their location is known, their
 * own interests.
 */
export function defaultPreferences(own: ProfileRow, now: Date): MatchPreferences {
  const known = new Set<string>(INTERESTS);
  return {
    genders: interestedIn(own),
    ...defaultAgeRange(own.date_of_birth, now),
    distance: own.latitude !== null && own.longitude !== null ? 50 : null,
    interests: own.interests.filter((i) => known.has(i)).slice(0, 15) as MatchPreferences['interests'],
  };
}

/**
 * Score 0-100 of a candidate (docs/matching.md): shared interests (half), age closeness to the middle
 * of the wanted range (a quarter) and nearness (a quarter). Unknown distance counts as halfway.
 */
export function scoreCandidate(
  prefs: MatchPreferences,
  c: { age: number; interests: string[]; distanceKm: number | null },
): { score: number; shared: string[] } {
  const wanted = new Set<string>(prefs.interests);
  const shared = c.interests.filter((i) => wanted.has(i));
  const interestPart = wanted.size === 0 ? 0.5 : shared.length / wanted.size;
  const middle = (prefs.min_age + prefs.max_age) / 2;
  const halfRange = (prefs.max_age - prefs.min_age) / 2 + 5;
  const agePart = Math.max(0, 1 - Math.abs(c.age - middle) / halfRange);
  const scale = prefs.distance ?? OPEN_DISTANCE_KM;
  const distancePart = c.distanceKm === null ? 0.5 : Math.max(0, 1 - c.distanceKm / scale);
  const score = WEIGHTS.interests * interestPart + WEIGHTS.age * agePart + WEIGHTS.distance * distancePart;
  return { score: Math.round(score * 100), shared };
}

/**
 * Ranks the candidates for `prefs`: the database pre-selects a pool of POOL fitting profiles, each is
 * scored (scoreCandidate) and the best RESULTS are returned, best first (equal scores keep the pool's order).
 * Used by findMatches and saveAndFindMatches.
 */
export async function rank(
  deps: Pick<DiscoveryDeps, 'db' | 'clock'>,
  site: SiteRow,
  own: ProfileRow,
  prefs: MatchPreferences,
): Promise<RankedCandidate[]> {
  const now = deps.clock.now();
  const [minAge, maxAge] =
    prefs.min_age <= prefs.max_age ? [prefs.min_age, prefs.max_age] : [prefs.max_age, prefs.min_age];
  const origin = own.latitude !== null && own.longitude !== null ? { lat: own.latitude, lon: own.longitude } : null;
  const pool = await matchCandidates(deps.db, {
    siteId: site.id,
    profileId: own.id,
    fit: fitForGenders(own, prefs.genders),
    minAge,
    maxAge,
    interests: prefs.interests,
    origin,
    distanceKm: prefs.distance,
    now,
    limit: POOL,
  });
  const scored = pool.map((c: Candidate, order) => {
    const { score, shared } = scoreCandidate(prefs, {
      age: ageOn(c.profile.date_of_birth, now),
      interests: c.profile.interests,
      distanceKm: c.distanceKm,
    });
    return { order, result: { candidate: c, score, shared } };
  });
  // Equal scores keep the pool's order: sharing any interest first, then the most recently active.
  scored.sort((a, b) => b.result.score - a.result.score || a.order - b.order);
  return scored.slice(0, RESULTS).map((s) => s.result);
}
