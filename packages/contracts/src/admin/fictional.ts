/**
 * Wire shapes of the back office's fictional profiles (issue: back office II; DECISIONS.md: fictional
 * profiles are always labelled and their messages are answered by staff): the list, one profile with
 * its photos and persona, create, update, photos and the copy to another site. Nothing here carries
 * `is_fictional` as input: no call can make a fictional profile real (docs/decisions/011-fictional-profiles.md).
 */
import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../enums.js';
import { RegionSchema } from '../settings.js';
import { text } from '../text.js';
import { OptionalIdField, PageQueryField } from './access.js';
import { AdminMemberPhotoSchema } from './members.js';

/** Fictional profiles per page of the back-office list. */
export const FICTIONAL_PAGE_SIZE = 50;
/** The statuses staff give a fictional profile: active shows it on its site, disabled hides it. */
export const FICTIONAL_STATUSES = ['active', 'disabled'] as const;
export type FictionalStatus = (typeof FICTIONAL_STATUSES)[number];
/** The niches of SPEC.md 3/9 (1 to 7: none, she, bdsm, bbw, gilf, milf, gay). */
export const FICTIONAL_NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Longest persona note, in characters. */
export const PERSONA_NOTE_MAX = 5000;
/** Most photos of one fictional profile (the premium limit of SPEC.md 9). */
export const FICTIONAL_PHOTO_LIMIT = 25;

/** The profile fields of SPEC.md 3 staff set on a fictional profile, with the member editor's rules. */
const fields = {
  name: text().trim().min(2).max(40),
  status: z.enum(FICTIONAL_STATUSES),
  gender: z.enum(GENDERS),
  sexuality: z.enum(SEXUALITIES),
  date_of_birth: text().describe('YYYY-MM-DD, 18+'),
  country: text().length(2),
  region: text().max(16).nullable(),
  city: text().trim().max(100).nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  tattoos: z.enum(TATTOOS).nullable(),
  reason: z.enum(REASONS).nullable(),
  interests: z.array(text().max(40)).max(50),
  description: text().max(2000),
  persona_note: text().max(PERSONA_NOTE_MAX),
  niches: z.array(z.number().int().min(1).max(7)).max(7),
};

/**
 * POST /api/admin/fictional-profile.php: a new fictional profile on `site_id` (one of the staff's
 * sites). Unknown fields (is_fictional, user_id, ...) are refused with 400 validation_failed.
 */
export const AdminFictionalCreateBodySchema = z
  .strictObject({
    site_id: z.number().int().positive(),
    ...fields,
    status: fields.status.default('active'),
    region: fields.region.default(null),
    city: fields.city.default(null),
    hair_color: fields.hair_color.default(null),
    eye_color: fields.eye_color.default(null),
    body_type: fields.body_type.default(null),
    relationship_status: fields.relationship_status.default(null),
    tattoos: fields.tattoos.default(null),
    reason: fields.reason.default(null),
    interests: fields.interests.default([]),
    description: fields.description.default(''),
    persona_note: fields.persona_note.default(''),
    niches: fields.niches.default([]),
  })
  .meta({ id: 'AdminFictionalCreateBody' });
export type AdminFictionalCreateBody = z.infer<typeof AdminFictionalCreateBodySchema>;

/**
 * PUT /api/admin/fictional-profile.php: the fields to change of fictional profile `id` (left out:
 * kept). Unknown fields (is_fictional, user_id, site_id, ...) are refused with 400 validation_failed.
 */
export const AdminFictionalUpdateBodySchema = z
  .strictObject({ id: z.number().int().positive(), ...z.object(fields).partial().shape })
  .meta({ id: 'AdminFictionalUpdateBody' });
export type AdminFictionalUpdateBody = z.infer<typeof AdminFictionalUpdateBodySchema>;

/** GET /api/admin/fictional-profiles.php: `q` a name (or part) or a profile id; `status` active or disabled. */
export const AdminFictionalListQuerySchema = z.object({
  q: text().trim().max(100).default(''),
  site_id: OptionalIdField,
  status: z.enum(FICTIONAL_STATUSES).optional(),
  page: PageQueryField,
});
export type AdminFictionalListQuery = z.input<typeof AdminFictionalListQuerySchema>;

/** One fictional profile in the list; `thumb_url` of its main photo (null: none). */
export const AdminFictionalRowSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: text(),
  name: text(),
  status: text(),
  gender: text(),
  age: z.number().int(),
  country: text(),
  city: text().nullable(),
  niches: z.array(z.number().int()),
  thumb_url: text().nullable(),
  photo_count: z.number().int(),
  /** Conversations members started with it, and how many of them wait for an answer. */
  conversations: z.number().int(),
  waiting_conversations: z.number().int(),
  created_at: text(),
});
export type AdminFictionalRow = z.infer<typeof AdminFictionalRowSchema>;

export const AdminFictionalPageSchema = z
  .object({ profiles: z.array(AdminFictionalRowSchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AdminFictionalPage' });
export type AdminFictionalPage = z.infer<typeof AdminFictionalPageSchema>;

/** `?id=`: a fictional profile's id. */
export const AdminFictionalIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** The site's fictional label (SPEC.md 3 fictional_icon, fictional_singular, fictional_warning; nl values). */
export const AdminFictionalLabelSchema = z.object({
  fictional_icon: text(),
  fictional_singular: text(),
  fictional_warning: text(),
});

/** The profile with every field of SPEC.md 3; `is_fictional` is always true. */
export const AdminFictionalProfileSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: text(),
  site_domain: text(),
  is_fictional: z.literal(true),
  name: text(),
  status: text(),
  gender: text(),
  sexuality: text(),
  date_of_birth: text(),
  age: z.number().int(),
  country: text(),
  region: text().nullable(),
  city: text().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hair_color: text().nullable(),
  eye_color: text().nullable(),
  body_type: text().nullable(),
  relationship_status: text().nullable(),
  tattoos: text().nullable(),
  reason: text().nullable(),
  interests: z.array(text()),
  description: text(),
  main_photo_id: z.number().int().nullable(),
  created_at: text(),
});
export type AdminFictionalProfile = z.infer<typeof AdminFictionalProfileSchema>;

/** What operators read before answering (staff only; never on the member side). */
export const AdminFictionalPersonaSchema = z.object({
  persona_note: text(),
  /** Niches 1-7 whose landers may show the profile; empty: every niche of its site. */
  niches: z.array(z.number().int()),
  created_by: text().nullable(),
  updated_at: text().nullable(),
});
export type AdminFictionalPersona = z.infer<typeof AdminFictionalPersonaSchema>;

/** GET /api/admin/fictional-profile.php: one fictional profile as staff manage it. */
export const AdminFictionalDetailSchema = z
  .object({
    profile: AdminFictionalProfileSchema,
    persona: AdminFictionalPersonaSchema,
    photos: z.array(AdminMemberPhotoSchema),
    label: AdminFictionalLabelSchema,
    conversations: z.number().int(),
    waiting_conversations: z.number().int(),
  })
  .meta({ id: 'AdminFictionalDetail' });
export type AdminFictionalDetail = z.infer<typeof AdminFictionalDetailSchema>;

/** `?site_id=`: the site whose editor options are asked. */
export const AdminFictionalSiteQuerySchema = z.object({ site_id: z.coerce.number().int().positive() });

/** GET /api/admin/fictional-site.php: what the editor offers for a site: its countries, their regions, its label. */
export const AdminFictionalSiteSchema = z
  .object({
    site_id: z.number().int(),
    site_name: text(),
    niche: z.number().int(),
    countries: z.array(text()),
    regions: z.record(text(), z.array(RegionSchema)),
    label: AdminFictionalLabelSchema,
  })
  .meta({ id: 'AdminFictionalSite' });
export type AdminFictionalSite = z.infer<typeof AdminFictionalSiteSchema>;

/** Multipart fields of POST /api/admin/fictional-photos.php?id= besides `file`. */
export const AdminFictionalPhotoUploadFieldsSchema = z.object({
  is_private: z.enum(['true', 'false']).optional(),
});

/** PUT /api/admin/fictional-photos.php: make photo `photo` of profile `id` main, private/public or move it. */
export const AdminFictionalPhotoUpdateBodySchema = z.strictObject({
  id: z.number().int().positive(),
  photo: z.number().int().positive(),
  main: z.literal(true).optional(),
  is_private: z.boolean().optional(),
  position: z.number().int().min(0).max(FICTIONAL_PHOTO_LIMIT).optional(),
});
export type AdminFictionalPhotoUpdateBody = z.infer<typeof AdminFictionalPhotoUpdateBodySchema>;

/** DELETE /api/admin/fictional-photos.php: delete photo `photo` of profile `id`. */
export const AdminFictionalPhotoDeleteBodySchema = z.strictObject({
  id: z.number().int().positive(),
  photo: z.number().int().positive(),
});

/** The photos of a fictional profile after a photo change, in display order. */
export const AdminFictionalPhotosSchema = z
  .object({ photos: z.array(AdminMemberPhotoSchema), main_photo_id: z.number().int().nullable() })
  .meta({ id: 'AdminFictionalPhotos' });
export type AdminFictionalPhotos = z.infer<typeof AdminFictionalPhotosSchema>;

/** POST /api/admin/fictional-copy.php: an independent copy of profile `id` on site `site_id`. */
export const AdminFictionalCopyBodySchema = z.strictObject({
  id: z.number().int().positive(),
  site_id: z.number().int().positive(),
});
