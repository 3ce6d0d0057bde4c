import { INTERESTS, type ProfileUpdate } from '@app/contracts';
import { type ProfileChanges, updateProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { REGIONS } from '../../geo/regions.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, profileResource } from '../../policies/policies.js';
import { checkDateOfBirth, checkProfileName } from '../access/signup-rules.js';
import { loadOwnProfile, type OwnProfile, requireOwnProfile } from './own-profile.js';

const KNOWN_INTERESTS: ReadonlySet<string> = new Set(INTERESTS);

/** The known interest tags of `interests`, each once. @throws AppError validation_failed (data.field 'interests') */
export function checkInterests(interests: string[]): string[] {
  const unknown = interests.filter((tag) => !KNOWN_INTERESTS.has(tag));
  if (unknown.length > 0) throw validationFailed({ field: 'interests', unknown });
  return [...new Set(interests)];
}

/**
 * Country must be one the site serves; region must belong to the country (GET /api/regions.php).
 * @throws AppError validation_failed (data.field 'country' or 'region')
 */
export function checkLocation(site: SiteRow, country: string, region: string | null): void {
  if (!site.countries.includes(country)) throw validationFailed({ field: 'country' });
  if (region === null) return;
  const regions = (REGIONS as Record<string, { code: string }[]>)[country] ?? [];
  if (!regions.some((r) => r.code === region)) throw validationFailed({ field: 'region' });
}

/**
 * Saves the editable fields of the member's own profile (SPEC.md 3, signup steps 2-4 and /profile);
 * fields left out stay as they are. Changing the country without a region clears a region that no
 * longer fits. Input: `{ site, actor, user, body }` (actor: the member, policies/actor.ts; body: the
 * fields to change).
 * @returns the own profile after the change, `{ profile, photos }` (presented by `presentOwnProfile`)
 * @throws AppError validation_failed (400, data.field) for a bad name, date of birth, interest, country
 *   or region, or latitude without longitude; not_found (404) when the account has no profile
 */
export async function updateProfile(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  { site, actor, user, body: update }: { site: SiteRow; actor: Actor; user: UserRow; body: ProfileUpdate },
): Promise<OwnProfile> {
  const { profile } = await requireOwnProfile(db, user);
  authorize(actor, 'update', profileResource(profile));
  const changes: ProfileChanges = {};
  const { latitude, longitude, interests, name, date_of_birth, country, region, city, ...plain } = update;
  Object.assign(changes, plain);
  if (name !== undefined) {
    checkProfileName(name, user.email);
    changes.name = name;
  }
  if (date_of_birth !== undefined) {
    checkDateOfBirth(date_of_birth, clock.now());
    changes.date_of_birth = date_of_birth;
  }
  if (interests !== undefined) changes.interests = checkInterests(interests);
  if (country !== undefined || region !== undefined) {
    const nextCountry = country ?? profile.country;
    const keptRegion = country !== undefined && country !== profile.country ? null : profile.region;
    const nextRegion = region === undefined ? keptRegion : region || null;
    checkLocation(site, nextCountry, nextRegion);
    changes.country = nextCountry;
    changes.region = nextRegion;
  }
  if (city !== undefined) changes.city = city?.trim() || null;
  if ((latitude === undefined) !== (longitude === undefined) || (latitude === null) !== (longitude === null)) {
    throw validationFailed({ field: 'latitude' });
  }
  if (latitude !== undefined) {
    changes.latitude = latitude;
    changes.longitude = longitude;
  }
  if (changes.description !== undefined) changes.description = changes.description.trim();
  if (Object.keys(changes).length > 0) await updateProfileRow(db, profile.id, changes);
  return loadOwnProfile(db, user);
}
