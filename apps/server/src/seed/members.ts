/**
 * Pure planning of demo members and fictional profiles: every attribute drawn from the seeded PRNG with
 * realistic shares (ages skewed to 25-55, mostly hetero, big cities weighted), nothing written yet.
 * ./demo.ts turns plans into rows. Times are relative to `now` so "online" and "active this week" hold
 * whenever the seed runs.
 */
import {
  type BODY_TYPES,
  type EYE_COLORS,
  type HAIR_COLORS,
  INTERESTS,
  type REASONS,
  type RELATIONSHIP_STATUSES,
  type TATTOOS,
} from '@app/contracts';
import type { profiles, users } from '../db/schema.js';
import type { AvatarLook } from './avatar.js';
import { CITIES, type City } from './data/cities.js';
import {
  asciiSlug,
  composeDescription,
  composeProfileName,
  FIRST_NAMES,
  LAST_NAMES,
  type NameArea,
} from './data/names.js';
import { pickMany, pickOne, pickWeighted, type Rand, randInt } from './random.js';

type Gender = 'male' | 'female';
type HairColor = (typeof HAIR_COLORS)[number];
type ProfileValues = Omit<typeof profiles.$inferInsert, 'site_id' | 'user_id'>;

/** One photo to render: `variant` 0 is the main picture; later variants show the same person. */
export interface PhotoPlan {
  position: number;
  is_private: boolean;
  variant: number;
}
/** A profile with the look its pictures must match and the photos it gets. */
export interface ProfilePlan {
  values: ProfileValues;
  firstName: string;
  look: AvatarLook;
  personSeed: number;
  photos: PhotoPlan[];
}
/** A ledger entry in time order; balance_after is computed when inserting. */
export interface LedgerPlan {
  delta: number;
  reason: string;
  created_at: Date;
}
/** A member: account, profile and the credit history that explains their balance. */
export interface MemberPlan {
  user: Omit<typeof users.$inferInsert, 'site_id' | 'password_hash'>;
  profile: ProfilePlan;
  ledger: LedgerPlan[];
}

const DAY = 86_400_000;
const COUNTRIES = [
  { code: 'NL', w: 45 },
  { code: 'BE', w: 15 },
  { code: 'DE', w: 30 },
  { code: 'AT', w: 10 },
];
const AGE_BUCKETS = [
  [18, 24, 12],
  [25, 34, 28],
  [35, 44, 25],
  [45, 54, 20],
  [55, 64, 10],
  [65, 75, 5],
] as const;
const PURCHASES = [50, 100, 100, 250, 250, 500];
const EYES: Record<(typeof EYE_COLORS)[number], number> = { blue: 34, brown: 30, green: 12, grey: 10, hazel: 14 };
const BODY: Record<Gender, Record<(typeof BODY_TYPES)[number], number>> = {
  male: { slim: 18, average: 40, athletic: 24, curvy: 4, large: 8 },
  female: { slim: 22, average: 36, athletic: 16, curvy: 18, large: 6 },
};
const TATTOO_SHARES: Record<(typeof TATTOOS)[number], number> = { none: 55, some: 35, many: 10 };
const REASON_SHARES: Record<(typeof REASONS)[number], number> = {
  dating: 35,
  relationship: 25,
  friendship: 10,
  fun: 20,
  chat: 10,
};

function relationshipShares(age: number): Record<(typeof RELATIONSHIP_STATUSES)[number], number> {
  return { single: 62, divorced: age > 30 ? 22 : 3, widowed: age > 50 ? 8 : 0.5, relationship: 5, married: 4 };
}

/** Draws by relative weights given as a record, e.g. `{ single: 60, divorced: 20 }`. */
function weighted<K extends string>(rand: Rand, weights: Record<K, number>): K {
  return pickWeighted(rand, Object.keys(weights) as K[], (k) => weights[k]);
}

function pickCity(rand: Rand): City {
  const country = pickWeighted(rand, COUNTRIES, (c) => c.w).code;
  return pickWeighted(
    rand,
    CITIES.filter((c) => c.country === country),
    (c) => c.weight,
  );
}

/** Wallonia speaks French; Brussels is mostly French-speaking; the rest of the area's own language. */
function areaOf(city: City, rand: Rand): NameArea {
  if (city.country === 'DE' || city.country === 'AT') return 'de';
  if (city.region.startsWith('BE-W')) return 'fr';
  if (city.region === 'BE-BRU') return rand() < 0.6 ? 'fr' : 'nl';
  return 'nl';
}

/** A date of birth (YYYY-MM-DD) that makes the person exactly `age` today, with a day of margin for time zones. */
export function birthDateFor(age: number, now: Date, rand: Rand): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - randInt(rand, 2, 363));
  return d.toISOString().slice(0, 10);
}

function hairFor(gender: Gender, age: number, rand: Rand): HairColor {
  if (gender === 'male' && rand() < (age > 45 ? 0.18 : 0.04)) return 'bald';
  if (rand() < (age > 60 ? 0.55 : age > 50 ? 0.3 : 0.02)) return 'grey';
  return weighted(rand, { blonde: 28, brown: 40, black: 16, red: 6, other: gender === 'female' ? 5 : 2 });
}

function photoPlans(rand: Rand, min: number): PhotoPlan[] {
  const count = Math.max(min, rand() < 0.5 ? 1 : rand() < 0.66 ? 2 : 3);
  const photos = Array.from({ length: count }, (_, i) => ({ position: i, is_private: false, variant: i }));
  if (rand() < 0.1) photos.push({ position: count, is_private: true, variant: count });
  return photos;
}

/** A profile's attributes for a person of `gender`/`age` in `city`; shared by members and fictional ones. */
function planProfile(rand: Rand, gender: Gender, age: number, city: City, area: NameArea, now: Date): ProfilePlan {
  const first = pickOne(rand, FIRST_NAMES[area][gender]);
  const dob = birthDateFor(age, now, rand);
  const hair = hairFor(gender, age, rand);
  const sexuality =
    gender === 'male'
      ? weighted(rand, { hetero: 90, gay: 6, bi: 4 })
      : weighted(rand, { hetero: 88, lesbian: 5, bi: 7 });
  const values: ProfileValues = {
    name: composeProfileName(first, Number(dob.slice(0, 4)), rand),
    status: 'active',
    gender,
    sexuality,
    date_of_birth: dob,
    country: city.country,
    region: city.region,
    city: city.name,
    latitude: Math.round((city.lat + (rand() - 0.5) * 0.04) * 1e5) / 1e5,
    longitude: Math.round((city.lon + (rand() - 0.5) * 0.06) * 1e5) / 1e5,
    hair_color: hair,
    eye_color: weighted(rand, EYES),
    body_type: weighted(rand, BODY[gender]),
    relationship_status: weighted(rand, relationshipShares(age)),
    tattoos: weighted(rand, TATTOO_SHARES),
    reason: weighted(rand, REASON_SHARES),
    interests: pickMany(rand, INTERESTS, randInt(rand, 3, 8)),
    description: composeDescription(area, city.name, rand),
  };
  const look: AvatarLook = { gender, hair_color: hair, initials: first.slice(0, 1) };
  return { values, firstName: first, look, personSeed: Math.floor(rand() * 2 ** 31), photos: photoPlans(rand, 1) };
}

function drawAge(rand: Rand): number {
  const [min, max] = pickWeighted(rand, AGE_BUCKETS, (b) => b[2]);
  return randInt(rand, min, max);
}

/** When a member was last active: a handful right now, many this week, the rest since signing up. */
function lastActive(rand: Rand, signup: Date, now: Date): Date {
  const span = now.getTime() - signup.getTime();
  const r = rand();
  const ago =
    r < 0.012
      ? rand() * 240_000
      : r < 0.17
        ? rand() * DAY
        : r < 0.45
          ? rand() * 7 * DAY
          : r < 0.75
            ? rand() * 30 * DAY
            : rand() * span;
  return new Date(now.getTime() - Math.min(ago, span));
}

/**
 * A random member numbered `index` (used in the e-mail address, which keeps them unique).
 * Shares: ~4% unconfirmed (their profile disabled), ~25% premium, all got the site's signup credits.
 */
export function planMember(rand: Rand, index: number, now: Date, signupCredits: number): MemberPlan {
  const city = pickCity(rand);
  const area = areaOf(city, rand);
  const gender: Gender = rand() < 0.51 ? 'male' : 'female';
  const profile = planProfile(rand, gender, drawAge(rand), city, area, now);
  const confirmed = rand() >= 0.04;
  const signup = new Date(now.getTime() - (confirmed ? rand() * 730 * DAY : rand() * 20 * DAY));
  const active = lastActive(rand, signup, now);
  const paid = confirmed && rand() < 0.25;
  const ledger: LedgerPlan[] = [{ delta: signupCredits, reason: 'signup_credits', created_at: signup }];
  const at = (f: number) => new Date(signup.getTime() + (active.getTime() - signup.getTime()) * f);
  if (paid) ledger.push({ delta: pickOne(rand, PURCHASES), reason: 'seed_purchase', created_at: at(0.3) });
  const balance = ledger.reduce((sum, e) => sum + e.delta, 0);
  const spent = rand() < 0.45 ? Math.min(balance, 10 * randInt(rand, 1, Math.max(1, Math.floor(balance / 10)))) : 0;
  if (spent > 0) ledger.push({ delta: -spent, reason: 'seed_spent', created_at: at(0.8) });
  const email = `${asciiSlug(profile.firstName)}.${asciiSlug(pickOne(rand, LAST_NAMES[area]))}.${index}@example.com`;
  profile.values.status = confirmed ? 'active' : 'disabled';
  profile.values.last_active_at = active;
  profile.values.created_at = signup;
  return {
    user: {
      email,
      status: confirmed ? 'confirmed' : 'not_confirmed',
      credits: balance - spent,
      paid_user: paid,
      language: rand() < 0.05 ? 'en' : area,
      signup_date: signup,
      last_active_at: active,
    },
    profile,
    ledger,
  };
}

/** A fictional profile (SPEC.md 1): mostly women aged 21-48, no account, never shown as online. */
export function planFictional(rand: Rand, now: Date): ProfilePlan {
  const city = pickCity(rand);
  const gender: Gender = rand() < 0.8 ? 'female' : 'male';
  const profile = planProfile(rand, gender, randInt(rand, 21, 48), city, areaOf(city, rand), now);
  profile.values.is_fictional = true;
  profile.values.created_at = new Date(now.getTime() - rand() * 365 * DAY);
  profile.photos = photoPlans(rand, 2);
  return profile;
}
