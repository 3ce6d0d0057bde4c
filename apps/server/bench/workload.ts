/**
 * The search mix of the benchmark: filter shapes with realistic shares, pages weighted to page 1,
 * logged-in viewers and visitors. Deterministic for a given PRNG and place list.
 */
import { GENDERS, MAXIMUM_AGE, MINIMUM_AGE, type SearchQuery } from '@app/contracts';
import { pickOne, pickWeighted, type Rand, randInt } from '../src/seed/random.js';

/** Which filters a search sets; the unit the report groups latencies by. */
export type Shape =
  | 'no filter'
  | 'gender'
  | 'gender+country'
  | 'gender+country+region'
  | 'age range'
  | 'gender+age range'
  | 'gender+country+age range'
  | 'gender+distance';

/** Share of each shape in the mix (relative weights). */
export const SHAPE_WEIGHTS: Readonly<Record<Shape, number>> = {
  'no filter': 12,
  gender: 24,
  'gender+country': 20,
  'gender+country+region': 14,
  'age range': 6,
  'gender+age range': 14,
  'gender+country+age range': 10,
  'gender+distance': 8,
};

/** Distances (km) people pick; the server applies them only for viewers with a known location. */
const DISTANCES = [10, 25, 50, 100] as const;

/** Pages 1-10: page 1 most often, as people rarely page far. */
const PAGE_WEIGHTS = [55, 14, 8, 5, 4, 4, 3, 3, 2, 2] as const;
/** Results per page, as the web client asks (apps/web use-search.ts PER_PAGE). */
export const PER_PAGE = 24;
/** Share of searches made by visitors (not logged in). */
export const VISITOR_SHARE = 0.2;

/** A country and region some member lives in; drawing from members weights places by population. */
export interface Place {
  country: string;
  region: string | null;
}

/** One search to run: `viewer` indexes the viewer pool, null for a visitor. */
export interface PlannedSearch {
  shape: Shape;
  viewer: number | null;
  query: SearchQuery;
}

/** An age range as people set it: lower bound 18-60, 5-20 years wide. */
function ageRange(rand: Rand): { min_age: number; max_age: number } {
  const min = randInt(rand, MINIMUM_AGE, 60);
  return { min_age: min, max_age: Math.min(MAXIMUM_AGE, min + randInt(rand, 5, 20)) };
}

/** `count` searches over `places` for a pool of `viewers` logged-in members. */
export function planSearches(rand: Rand, count: number, places: readonly Place[], viewers: number): PlannedSearch[] {
  if (places.length === 0) throw new Error('no places to search in (no active profiles?)');
  const shapes = Object.keys(SHAPE_WEIGHTS) as Shape[];
  const pages = PAGE_WEIGHTS.map((w, i) => ({ page: i + 1, w }));
  return Array.from({ length: count }, () => {
    const shape = pickWeighted(rand, shapes, (s) => SHAPE_WEIGHTS[s]);
    const query: SearchQuery = { page: pickWeighted(rand, pages, (p) => p.w).page, per_page: PER_PAGE };
    if (shape.includes('gender')) query.gender = pickOne(rand, GENDERS);
    if (shape.includes('country')) {
      // A region search picks a place that has one; every seeded city has a region.
      const place = pickOne(rand, places);
      query.country = place.country;
      if (shape.includes('region') && place.region) query.countryregion = place.region;
    }
    if (shape.includes('age')) Object.assign(query, ageRange(rand));
    // Set loosely: the distance filter is new (Discovery work); a server without it ignores the field.
    if (shape.includes('distance')) Object.assign(query, { distance: pickOne(rand, DISTANCES) });
    // Only members have a location to measure distance from, so distance searches are never visitors'.
    const visitor = viewers === 0 || (!shape.includes('distance') && rand() < VISITOR_SHARE);
    const viewer = visitor ? null : Math.floor(rand() * viewers);
    return { shape, viewer, query };
  });
}

/** The query string of a search as the web client sends it (`?gender=female&page=2&per_page=24`). */
export function toQueryString(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}
