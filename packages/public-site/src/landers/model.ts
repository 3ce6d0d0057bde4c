import type { LanderName } from '@app/contracts';
import type { PublicProfile } from '../model.js';

/** A lander of SPEC.md 2: one of the eight with an optional slug, or the swipe deck (no slug). */
export type LanderKind = LanderName | 'tinderswipe';

/** The three profile landers of SPEC.md 2: /members/{id}/landing, /landing2/{slug}, /landing3/{slug}. */
export type ProfileLanderVariant = 'landing' | 'landing2' | 'landing3';

/** The video of the video landers: the site's (sites.lander_video_url) or the shipped demo clip. */
export interface LanderVideo {
  /** Site-relative or https URL of the clip. */
  src: string;
  /** Site-relative or https URL of the poster image. */
  poster: string;
  /** MIME type for the `<source>` element, or null when the file name does not tell. */
  type: string | null;
  /** Intrinsic size in CSS pixels (reserves the box before the poster loads: no layout shift). */
  width: number;
  height: number;
}

/** Where a profile lies on the map lander: its city's coordinates rounded to 0.1° (about 10 km). */
export interface MapPlace {
  id: number;
  lat: number;
  lon: number;
}

/** Data of a lander page (/landers/{name}/{slug}, /landers/tinderswipe). */
export interface LanderModel {
  name: LanderKind;
  /** The slug as requested (lower case), or null. */
  slug: string | null;
  /** Path of the page's canonical URL: the slug with the niche prefix (docs/decisions/014-public-site.md). */
  canonicalPath: string;
  /** The site's niche 1-7 (SPEC.md 9). */
  niche: number;
  /** Active profiles of the site with an approved main photo, those matching the niche first. */
  profiles: PublicProfile[];
  /** How many of `profiles` (from the front) match the niche; the rest fill the page. */
  nicheMatches: number;
  /** Region names (ISO 3166-2 code → local name) of the profiles' regions. */
  regionNames: Record<string, string>;
  /** The clip of the video landers; null on the others. */
  video: LanderVideo | null;
  /** Places of the profiles on the map lander; empty on the others. */
  places: MapPlace[];
}

/** One further approved public photo of a profile (file names relative to the site's cdn_prefix). */
export interface LanderPhoto {
  id: number;
  match: string;
  thumb: string;
}

/** Data of a profile lander (/members/{id}/landing, /landing2/{slug}, /landing3/{slug}). */
export interface ProfileLanderModel {
  variant: ProfileLanderVariant;
  slug: string | null;
  /** Path of the page's canonical URL (the slug with the niche prefix). */
  canonicalPath: string;
  /** The profile the visitor came for (active, of this site). */
  profile: PublicProfile;
  /** The profile text, only of a fictional profile (staff write it for this use); null for members. */
  about: string | null;
  /** Up to four further approved public photos of the profile. */
  photos: LanderPhoto[];
  /** Other profiles of the niche, for "more members". */
  related: PublicProfile[];
  regionNames: Record<string, string>;
  /** Where signing up starts with this profile as the first contact: /members/{id}/signup. */
  signupPath: string;
}
