import { MAXIMUM_AGE, MINIMUM_AGE } from './constants.js';
import type { GENDERS, SEXUALITIES } from './enums.js';
import { ageOn } from './rules.js';

/**
 * Whom a member is shown by default (docs/matching.md), kept apart from the zod schemas of members.ts
 * so the member app's search screen can use it without loading zod (docs/client.md, client budget).
 */

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];
/** The two fields of a profile that say whom it is interested in (SPEC.md 3: gender, sexuality). */
export type Orientation = { gender: string; sexuality: string };

/** Years below and above the member's own age in the default age range (docs/matching.md). */
export const DEFAULT_AGE_SPREAD = 8;

/**
 * Genders someone is interested in (docs/matching.md, "Preferences"): hetero the other gender, gay
 * or lesbian the same gender (either word, whatever the own gender), bi both (female first).
 */
export function interestedIn(p: Orientation): Gender[] {
  if (p.sexuality === 'bi') return ['female', 'male'];
  const own: Gender = p.gender === 'male' ? 'male' : 'female';
  if (p.sexuality === 'gay' || p.sexuality === 'lesbian') return [own];
  return [own === 'male' ? 'female' : 'male'];
}

/**
 * Sexualities of a profile of `candidateGender` that is interested in someone of `ownGender`:
 * gay, lesbian or bi for the same gender, hetero or bi for the other.
 */
export function sexualitiesInterestedIn(candidateGender: string, ownGender: string): Sexuality[] {
  return candidateGender === ownGender ? ['gay', 'lesbian', 'bi'] : ['hetero', 'bi'];
}

/** One gender a member may be shown, with the sexualities of that gender that fit the member. */
export interface GenderFit {
  gender: Gender;
  sexualities: Sexuality[];
}

/**
 * Mutual fit (docs/matching.md): for each of `genders` (default: those the member is interested
 * in), the sexualities of that gender that would be interested in the member's own gender. A
 * straight man gets women who are hetero or bi; a gay man men who are gay or bi; a bi woman men who
 * are hetero or bi and women who are lesbian, gay or bi.
 */
export function mutualFit(own: Orientation, genders: readonly Gender[] = interestedIn(own)): GenderFit[] {
  return genders.map((gender) => ({ gender, sexualities: sexualitiesInterestedIn(gender, own.gender) }));
}

/**
 * The default age range of a member born on `dateOfBirth` (YYYY-MM-DD) on `today`: own age
 * −/+ DEFAULT_AGE_SPREAD years, clamped to MINIMUM_AGE..MAXIMUM_AGE (whole years, inclusive).
 */
export function defaultAgeRange(dateOfBirth: string, today: Date = new Date()): { min_age: number; max_age: number } {
  const age = ageOn(dateOfBirth, today);
  return {
    min_age: Math.min(MAXIMUM_AGE, Math.max(MINIMUM_AGE, age - DEFAULT_AGE_SPREAD)),
    max_age: Math.max(MINIMUM_AGE, Math.min(MAXIMUM_AGE, age + DEFAULT_AGE_SPREAD)),
  };
}

/**
 * The member search's defaults for a member (docs/matching.md): `gender` is the one gender they
 * look for (undefined for bi members: both), and the default age range. Server and client use it
 * alike, so the search form shows what the server applies.
 */
export function searchDefaults(
  profile: Orientation & { date_of_birth: string },
  today: Date = new Date(),
): { gender: Gender | undefined; min_age: number; max_age: number } {
  const genders = interestedIn(profile);
  return { gender: genders.length === 1 ? genders[0] : undefined, ...defaultAgeRange(profile.date_of_birth, today) };
}
