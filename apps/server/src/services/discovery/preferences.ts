import { defaultAgeRange, GENDERS, type Gender, type GenderFit, mutualFit, type SearchQuery } from '@app/contracts';
import type { ProfileRow } from '../../db/repositories/profiles.js';

/**
 * The matching rule of docs/matching.md ("Whom a member is shown"), applied by the member search,
 * related profiles, the swipe game, the match finder and the signup matches (which is a default
 * search). The pure parts (interestedIn, mutualFit, defaultAgeRange, searchDefaults) live in
 * @app/contracts so the web client's search form shows the same defaults.
 */

/** What a member is shown by default: genders with their fitting sexualities, and an age range (years, inclusive). */
export interface MemberPreferences {
  fit: GenderFit[];
  minAge: number;
  maxAge: number;
}

/**
 * The defaults derived from the own profile (gender, sexuality, date of birth) on `now`: the genders
 * they are interested in, each only with sexualities interested in the member's gender, and the own
 * age −8/+8 clamped to 18..99.
 */
export function defaultMemberPreferences(own: ProfileRow, now: Date): MemberPreferences {
  const ages = defaultAgeRange(own.date_of_birth, now);
  return { fit: mutualFit(own), minAge: ages.min_age, maxAge: ages.max_age };
}

/**
 * Mutual fit for genders the member chose themselves (an explicit gender filter, the match finder's
 * saved genders): those genders, each only with sexualities interested in the member's gender.
 */
export function fitForGenders(own: ProfileRow, genders: readonly string[]): GenderFit[] {
  const wanted = GENDERS.filter((g) => genders.includes(g)) as Gender[];
  return mutualFit(own, wanted);
}

/** The gender and age filters of one member search after the defaults (ages in whole years, inclusive). */
export interface SearchPreferenceFilters {
  /** Genders with fitting sexualities; undefined for visitors (any profile). */
  fit: GenderFit[] | undefined;
  /** A single gender without a sexuality condition (visitors' gender filter). */
  gender: string | undefined;
  minAge: number | undefined;
  maxAge: number | undefined;
}

/**
 * Gender and age filters of GET /api/search.php (docs/matching.md, "Search defaults"). Visitors get
 * exactly what they ask (gender, ages; no defaults). A member always gets the mutual fit for the
 * genders searched; a filter they give wins; a filter they leave out takes the default (genders they
 * look for, own age −8/+8) unless `explicit=1` says that leaving it out means "any". The ages are
 * defaulted as a pair: one given age keeps the other side open.
 */
export function searchPreferenceFilters(
  own: ProfileRow | null,
  query: SearchQuery,
  now: Date,
): SearchPreferenceFilters {
  const [minAge, maxAge] =
    query.min_age && query.max_age && query.min_age > query.max_age
      ? [query.max_age, query.min_age]
      : [query.min_age, query.max_age];
  if (!own) return { fit: undefined, gender: query.gender, minAge, maxAge };
  const explicit = query.explicit === '1';
  const defaults = defaultMemberPreferences(own, now);
  const fit = query.gender ? fitForGenders(own, [query.gender]) : explicit ? fitForGenders(own, GENDERS) : defaults.fit;
  const agesGiven = minAge !== undefined || maxAge !== undefined;
  return {
    fit,
    gender: undefined,
    minAge: agesGiven || explicit ? minAge : defaults.minAge,
    maxAge: agesGiven || explicit ? maxAge : defaults.maxAge,
  };
}
