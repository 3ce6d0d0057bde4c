import type { AdminFictionalCreateBody, AdminFictionalUpdateBody } from '@app/contracts';
import type { FictionalProfileChanges } from '../../db/repositories/fictional-profiles.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { checkDateOfBirth, checkProfileName } from '../access/signup-rules.js';
import { checkInterests, checkLocation } from '../profile/update-profile.js';
import { findCityPlace } from './city-place.js';

/** The profile and persona fields of a create or update body (no id, no site). */
type Fields = Omit<AdminFictionalUpdateBody, 'id'>;

/** A fictional profile's place as stored: country, region, city and the city's coordinates. */
export interface FictionalPlace {
  country: string;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Niches 1-7, each once, in order (empty: every niche of the site). */
export function normaliseNiches(niches: readonly number[]): number[] {
  return [...new Set(niches)].sort((a, b) => a - b);
}

/**
 * The place of a fictional profile after a change (SPEC.md 3 country, region, city): the country one
 * of the site's, the region one of that country's (GET /api/regions.php), the coordinates those of
 * the city when GeoNames knows it. An empty region is the city's; a region left out is the city's
 * when the city or country changes, else kept.
 * @throws AppError validation_failed (data.field 'country' or 'region')
 */
export function resolvePlace(
  site: SiteRow,
  before: FictionalPlace | null,
  change: { country?: string | undefined; region?: string | null | undefined; city?: string | null | undefined },
): FictionalPlace {
  const country = (change.country ?? before?.country ?? '').toUpperCase();
  const city = change.city === undefined ? (before?.city ?? null) : change.city?.trim() || null;
  const place = city ? findCityPlace(country, city) : null;
  const sameCountry = before !== null && before.country === country;
  let region: string | null;
  if (change.region) region = change.region;
  else if (change.region === null || change.city !== undefined || !sameCountry) region = place?.region ?? null;
  else region = before?.region ?? null;
  checkLocation(site, country, region);
  const moved = !before || change.city !== undefined || !sameCountry;
  return {
    country,
    region,
    city,
    latitude: moved ? (place?.latitude ?? null) : (before?.latitude ?? null),
    longitude: moved ? (place?.longitude ?? null) : (before?.longitude ?? null),
  };
}

/**
 * Checks the profile fields of a create or update body with the member editor's rules (SPEC.md 5)
 * and answers the profile columns to store; the place is `resolvePlace`'s. A fictional profile has
 * no e-mail address, so the name rule is only "not starting with @".
 * @throws AppError validation_failed (400, data.field) for a bad name, date of birth or interest
 */
export function profileChanges(body: Fields | AdminFictionalCreateBody, now: Date): FictionalProfileChanges {
  const {
    name,
    date_of_birth,
    interests,
    description,
    persona_note: _note,
    niches: _niches,
    country: _country,
    region: _region,
    city: _city,
    ...plain
  } = body as Fields & { site_id?: number };
  const changes: FictionalProfileChanges = { ...plain };
  delete (changes as { site_id?: number }).site_id;
  if (name !== undefined) {
    checkProfileName(name, '');
    changes.name = name;
  }
  if (date_of_birth !== undefined) {
    checkDateOfBirth(date_of_birth, now);
    changes.date_of_birth = date_of_birth;
  }
  if (interests !== undefined) changes.interests = checkInterests(interests);
  if (description !== undefined) changes.description = description.trim();
  return changes;
}

/** The place fields of a profile row. */
export function placeOf(profile: ProfileRow): FictionalPlace {
  const { country, region, city, latitude, longitude } = profile;
  return { country, region, city, latitude, longitude };
}
