import { LANDER_NAMES, type LanderName, nicheSlugPrefix } from '@app/contracts';
import type {
  LanderKind,
  LanderModel,
  LanderVideo,
  MapPlace,
  ProfileLanderModel,
  ProfileLanderVariant,
} from '@app/public-site';
import { listPhotos, type ProfileWithMain } from '../../db/repositories/profiles.js';
import {
  findLanderProfile,
  isNarrowFilter,
  listLanderProfiles,
  type NicheFilter,
} from '../../db/repositories/public-profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { REGIONS, type RegionCountry } from '../../geo/regions.js';

/**
 * Who each niche's landers show (SPEC.md 9 niche 1-7; docs/decisions/014-public-site.md "Landers"):
 * 1 women, 2 (she) men, 3 (bdsm) women into bondage or sadomasochism, 4 (bbw) women of the fullest
 * body type, 5 (gilf) women of 60 and over, 6 (milf) women of 35 to 55, 7 (gay) gay and bi men.
 */
export const NICHE_FILTERS: Record<number, NicheFilter> = {
  1: { gender: 'female' },
  2: { gender: 'male' },
  3: { gender: 'female', interests: ['bondage', 'sadomasochism'] },
  4: { gender: 'female', bodyTypes: ['large'] },
  5: { gender: 'female', minAge: 60 },
  6: { gender: 'female', minAge: 35, maxAge: 55 },
  7: { gender: 'male', sexualities: ['gay', 'bi'] },
};

/** Profiles each lander shows (its design's layout). */
export const LANDER_PROFILE_COUNTS: Record<LanderKind, number> = {
  alonetonight: 6,
  collagelanding: 8,
  gallery: 12,
  iconslanding: 6,
  maplanding: 16,
  socialnetwork: 6,
  transitionsvideolanding: 5,
  video: 4,
  tinderswipe: 5,
};
/** "More members" beneath a profile lander. */
const RELATED_COUNT = 4;
/** Further photos a profile lander shows beside the main one. */
const EXTRA_PHOTOS = 4;

/** The shipped demo clip (apps/web/public/media), used while a site configures no video of its own. */
export const DEMO_VIDEO: LanderVideo = {
  src: '/media/lander-demo.webm',
  poster: '/media/lander-demo-poster.jpg',
  type: 'video/webm',
  width: 640,
  height: 360,
};
const VIDEO_TYPES: Record<string, string> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  ogv: 'video/ogg',
};
/** A slug: lower-case letters, digits and hyphens, as ad campaigns write them. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The niche's filter; an unknown niche shows as niche 1. */
export function nicheFilter(niche: number): NicheFilter {
  return NICHE_FILTERS[niche] ?? (NICHE_FILTERS[1] as NicheFilter);
}

/**
 * The canonical slug of a lander (docs/decisions/014-public-site.md): on a niche site (prefix set)
 * it starts with the prefix: none → `milf`, `amsterdam` → `milf-amsterdam`, `milf-amsterdam` stays.
 * Without a prefix the slug is canonical as it is. Null: no slug.
 */
export function canonicalSlug(prefix: string, slug: string | null): string | null {
  if (!prefix) return slug;
  if (slug === null) return prefix;
  return slug === prefix || slug.startsWith(`${prefix}-`) ? slug : `${prefix}-${slug}`;
}

/** The slug lower-cased, null for none, undefined when it is not a slug (the page is then 404). */
function normaliseSlug(slug: string | null | undefined): string | null | undefined {
  if (slug === undefined || slug === null || slug === '') return null;
  const lower = slug.toLowerCase();
  return SLUG.test(lower) ? lower : undefined;
}

/** What loadLander finds: the lander's model with the profiles as rows (presenters/public-landers.ts presents them). */
export type LanderData = Omit<LanderModel, 'profiles'> & { rows: ProfileWithMain[] };

/** What loadProfileLander finds: the model with the profile and the related profiles as rows. */
export type ProfileLanderData = Omit<ProfileLanderModel, 'profile' | 'related'> & {
  row: ProfileWithMain;
  relatedRows: ProfileWithMain[];
};

/** The site's video (sites.lander_video_url / _poster) or the shipped demo clip. */
export function landerVideo(site: Pick<SiteRow, 'lander_video_url' | 'lander_video_poster'>): LanderVideo {
  if (!site.lander_video_url) return DEMO_VIDEO;
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(site.lander_video_url)?.[1]?.toLowerCase() ?? '';
  return {
    ...DEMO_VIDEO,
    src: site.lander_video_url,
    poster: site.lander_video_poster || DEMO_VIDEO.poster,
    type: VIDEO_TYPES[extension] ?? null,
  };
}

/** Local names of the profiles' regions (geo/regions.ts), by ISO 3166-2 code. */
function regionNamesOf(rows: readonly ProfileWithMain[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const {
    profile: { country, region },
  } of rows) {
    if (!region || names[region]) continue;
    const found = REGIONS[country as RegionCountry]?.find((r) => r.code === region);
    if (found) names[region] = found.name;
  }
  return names;
}

/** Where the profiles live, rounded to 0.1° so no one's street shows on the map. */
function placesOf(rows: readonly ProfileWithMain[]): MapPlace[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  return rows.flatMap(({ profile }) =>
    profile.latitude === null || profile.longitude === null
      ? []
      : [{ id: profile.id, lat: round(profile.latitude), lon: round(profile.longitude) }],
  );
}

/**
 * `limit` profiles of the site's niche (NICHE_FILTERS), topped up with others of the niche's gender
 * when too few match, so a lander never looks empty. Returns the rows and how many match the niche.
 */
async function nicheProfiles(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: Pick<SiteRow, 'id' | 'niche'>,
  limit: number,
  excludeIds: number[] = [],
): Promise<{ rows: ProfileWithMain[]; matches: number }> {
  const filter = nicheFilter(site.niche);
  const base = { siteId: site.id, niche: site.niche, filter, now: deps.clock.now() };
  const rows = await listLanderProfiles(deps.db, { ...base, narrow: true, limit, excludeIds });
  const matches = rows.length;
  if (rows.length < limit && isNarrowFilter(filter)) {
    const seen = [...excludeIds, ...rows.map((r) => r.profile.id)];
    rows.push(
      ...(await listLanderProfiles(deps.db, { ...base, narrow: false, limit: limit - rows.length, excludeIds: seen })),
    );
  }
  return { rows, matches };
}

/** Is `name` a lander with a slug (LANDER_NAMES) or the swipe deck? */
function isLanderKind(name: string): name is LanderKind {
  return name === 'tinderswipe' || (LANDER_NAMES as readonly string[]).includes(name);
}

/**
 * The model of a lander page (SPEC.md 2 /landers/{name}/{slug}, /landers/tinderswipe; issue: public
 * site): its profiles of the site's niche (active, an approved public main photo, fictional ones
 * among them and flagged), the canonical path with the niche's slug prefix, the video of the video
 * landers and the map places of the map lander. Null (404) for an unknown lander, a slug on
 * tinderswipe or a malformed slug.
 */
export async function loadLander(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { site, name, slug }: { site: SiteRow; name: string; slug?: string | null | undefined },
): Promise<LanderData | null> {
  if (!isLanderKind(name)) return null;
  const wanted = normaliseSlug(slug);
  if (wanted === undefined || (name === 'tinderswipe' && wanted !== null)) return null;
  const canonical = name === 'tinderswipe' ? null : canonicalSlug(nicheSlugPrefix(site.niche), wanted);
  const { rows, matches } = await nicheProfiles(deps, site, LANDER_PROFILE_COUNTS[name]);
  const hasVideo = name === 'video' || name === 'transitionsvideolanding';
  return {
    name,
    slug: wanted,
    canonicalPath: canonical ? `/landers/${name}/${canonical}` : `/landers/${name}`,
    niche: site.niche,
    rows,
    nicheMatches: matches,
    regionNames: regionNamesOf(rows),
    video: hasVideo ? landerVideo(site) : null,
    places: name === 'maplanding' ? placesOf(rows) : [],
  };
}

/** Landers with a slug, for the sitemap: one per name, with the site's niche prefix. */
export function landerPaths(site: Pick<SiteRow, 'niche'>): string[] {
  const prefix = nicheSlugPrefix(site.niche);
  return [
    ...LANDER_NAMES.map((name: LanderName) => (prefix ? `/landers/${name}/${prefix}` : `/landers/${name}`)),
    '/landers/tinderswipe',
  ];
}

/**
 * The model of a profile lander (SPEC.md 2 /members/{id}/landing, /landing2/{slug},
 * /landing3/{slug}): the profile (active, of this site, not an invisible member), its further
 * approved public photos, the text of a fictional profile, other profiles of the niche and the path
 * of signup with this profile as the first contact. Null (404) for a profile of another site, one
 * not active, a slug on /landing or a malformed slug.
 */
export async function loadProfileLander(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  {
    site,
    id,
    variant,
    slug,
  }: { site: SiteRow; id: number; variant: ProfileLanderVariant; slug?: string | null | undefined },
): Promise<ProfileLanderData | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const wanted = normaliseSlug(slug);
  if (wanted === undefined || (variant === 'landing' && wanted !== null)) return null;
  const row = await findLanderProfile(deps.db, site.id, id);
  if (!row) return null;
  const [photos, related] = await Promise.all([
    listPhotos(deps.db, id),
    nicheProfiles(deps, site, RELATED_COUNT, [id]),
  ]);
  const canonical = variant === 'landing' ? null : canonicalSlug(nicheSlugPrefix(site.niche), wanted);
  return {
    variant,
    slug: wanted,
    canonicalPath: `/members/${id}/${variant}${canonical ? `/${canonical}` : ''}`,
    row,
    about: row.profile.is_fictional && row.profile.description.trim() ? row.profile.description.trim() : null,
    photos: photos
      .filter((photo) => !photo.is_private && photo.id !== row.main?.id)
      .slice(0, EXTRA_PHOTOS)
      .map((photo) => ({ id: photo.id, match: photo.match_filename, thumb: photo.thumb_filename })),
    relatedRows: related.rows,
    regionNames: regionNamesOf([row, ...related.rows]),
    signupPath: `/members/${id}/signup`,
  };
}
