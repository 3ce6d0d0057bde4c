import {
  type AdminFictionalDetail,
  type AdminFictionalPage,
  type AdminFictionalPhotos,
  type AdminFictionalSite,
  ageOn,
} from '@app/contracts';
import type { FictionalListRow } from '../../db/repositories/fictional-profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { FictionalPhotos } from '../../services/fictional/fictional-photos.js';
import type { FictionalSiteOptions } from '../../services/fictional/fictional-site-options.js';
import type { FictionalDetail } from '../../services/fictional/view-fictional-profile.js';
import { presentMemberPhoto } from './members.js';

/*
 * The staff views of fictional profiles (issue: back office II). The persona note leaves the server
 * only through these presenters: no member-side presenter reads fictional_personas.
 */

/** The site's fictional label (SPEC.md 3; the site's own nl texts, as the label's columns hold them). */
function presentLabel(site: SiteRow) {
  return {
    fictional_icon: site.fictional_icon,
    fictional_singular: site.fictional_singular,
    fictional_warning: site.fictional_warning,
  };
}

/** A public file under the site's cdn_prefix, as presentMemberPhoto builds it; null without a file. */
function publicUrl(cdnPrefix: string, name: string | null): string | null {
  if (!name) return null;
  return name.startsWith('/') ? name : `${cdnPrefix}${name}`;
}

/** One page of the fictional profile list; `now` gives the ages. */
export function presentFictionalPage(
  result: { rows: FictionalListRow[]; more: boolean },
  page: number,
  now: Date,
): AdminFictionalPage {
  return {
    page,
    more: result.more,
    profiles: result.rows.map((r) => ({
      id: r.id,
      site_id: r.site_id,
      site_name: r.site_name,
      name: r.name,
      status: r.status,
      gender: r.gender,
      age: ageOn(r.date_of_birth, now),
      country: r.country,
      city: r.city,
      niches: r.niches,
      // The main image is never private (SPEC.md 6), so its thumb is a public file.
      thumb_url: publicUrl(r.cdn_prefix, r.thumb_filename),
      photo_count: r.photo_count,
      conversations: r.conversations,
      waiting_conversations: r.waiting_conversations,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** One fictional profile with its persona, photos (private ones through the staff photo call) and label. */
export function presentFictionalDetail(d: FictionalDetail, now: Date): AdminFictionalDetail {
  const p = d.profile;
  return {
    profile: {
      id: p.id,
      site_id: p.site_id,
      site_name: d.site.name,
      site_domain: d.site.domain,
      is_fictional: true,
      name: p.name,
      status: p.status,
      gender: p.gender,
      sexuality: p.sexuality,
      date_of_birth: p.date_of_birth,
      age: ageOn(p.date_of_birth, now),
      country: p.country,
      region: p.region,
      city: p.city,
      latitude: p.latitude,
      longitude: p.longitude,
      hair_color: p.hair_color,
      eye_color: p.eye_color,
      body_type: p.body_type,
      relationship_status: p.relationship_status,
      tattoos: p.tattoos,
      reason: p.reason,
      interests: p.interests,
      description: p.description,
      main_photo_id: p.main_photo_id,
      created_at: p.created_at.toISOString(),
    },
    persona: {
      persona_note: d.persona?.persona_note ?? '',
      niches: d.persona?.niches ?? [],
      created_by: d.createdBy,
      updated_at: d.persona ? d.persona.updated_at.toISOString() : null,
    },
    photos: d.photos.map((photo) => presentMemberPhoto(photo, d.site, p.main_photo_id)),
    label: presentLabel(d.site),
    conversations: d.conversations.total,
    waiting_conversations: d.conversations.waiting,
  };
}

/** A fictional profile's photos after a photo change. */
export function presentFictionalPhotos(r: FictionalPhotos): AdminFictionalPhotos {
  return {
    photos: r.photos.map((photo) => presentMemberPhoto(photo, r.site, r.mainPhotoId)),
    main_photo_id: r.mainPhotoId,
  };
}

/** The editor's options of a site. */
export function presentFictionalSite(o: FictionalSiteOptions): AdminFictionalSite {
  return {
    site_id: o.site.id,
    site_name: o.site.name,
    niche: o.site.niche,
    countries: o.site.countries,
    regions: o.regions,
    label: presentLabel(o.site),
  };
}
