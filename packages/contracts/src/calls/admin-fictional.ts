import {
  AdminFictionalCopyBodySchema,
  AdminFictionalCreateBodySchema,
  AdminFictionalDetailSchema,
  AdminFictionalIdQuerySchema,
  AdminFictionalListQuerySchema,
  AdminFictionalPageSchema,
  AdminFictionalPhotoDeleteBodySchema,
  AdminFictionalPhotosSchema,
  AdminFictionalPhotoUpdateBodySchema,
  AdminFictionalPhotoUploadFieldsSchema,
  AdminFictionalSiteQuerySchema,
  AdminFictionalSiteSchema,
  AdminFictionalUpdateBodySchema,
} from '../admin/fictional.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/** The validation the create and update calls apply (400 validation_failed, data.field). */
const FIELD_RULES =
  'Validation (400 validation_failed, data.field): name 2-40 characters, not starting with @; date_of_birth ' +
  'a real date (date_of_birth_invalid) and 18+ (date_of_birth_required); country one of the site; region of ' +
  'that country; interests from GET /api/interests.php; niches 1-7. Unknown fields, is_fictional and ' +
  'user_id among them, are refused: a fictional profile stays fictional and never has an account.';

/**
 * Back office II, fictional profiles (DECISIONS.md: always labelled, answered by staff): admins list,
 * create and edit them with every profile field, their photos (the members' photo pipeline, approved
 * at once), the persona note and niches, and copy one to another site; operators read the list and
 * one profile (its persona). Every change writes the audit log in its transaction.
 */
export const adminFictionalCalls = {
  /** GET /api/admin/fictional-profiles.php?q=&site_id=&status=&page=: the fictional profiles of the staff's sites. */
  list: defineCall({
    method: 'GET',
    path: '/api/admin/fictional-profiles.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminFictionalListQuerySchema,
    response: AdminFictionalPageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Fictional profiles by name or id, site and status, newest first, with conversation counts',
  }),
  /** GET /api/admin/fictional-profile.php?id=: every field, photos (private too), persona note and niches. */
  detail: defineCall({
    method: 'GET',
    path: '/api/admin/fictional-profile.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminFictionalIdQuerySchema,
    response: AdminFictionalDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'One fictional profile with photos, persona note and niches (admins, operators)',
  }),
  /** GET /api/admin/fictional-site.php?site_id=: the site's countries, their regions and its fictional label. */
  site: defineCall({
    method: 'GET',
    path: '/api/admin/fictional-site.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminFictionalSiteQuerySchema,
    response: AdminFictionalSiteSchema,
    errors: [400, 403, 404],
    tags,
    summary: "What the fictional profile editor offers for a site: countries, regions, the site's label",
  }),
  /** POST /api/admin/fictional-profile.php: a new fictional profile on one of the staff's sites (admins). */
  create: defineCall({
    method: 'POST',
    path: '/api/admin/fictional-profile.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminFictionalCreateBodySchema,
    response: AdminFictionalDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Create a fictional profile with every profile field, persona note and niches (admins)',
    description: FIELD_RULES,
  }),
  /** PUT /api/admin/fictional-profile.php: change fields of a fictional profile (admins). */
  update: defineCall({
    method: 'PUT',
    path: '/api/admin/fictional-profile.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminFictionalUpdateBodySchema,
    response: AdminFictionalDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Change fields, status, persona note or niches of a fictional profile (admins)',
    description: FIELD_RULES,
  }),
  /**
   * POST /api/admin/fictional-photos.php?id=, multipart `file` and `is_private`: a photo through the
   * members' pipeline, approved at once (admins).
   */
  uploadPhoto: defineCall({
    method: 'POST',
    path: '/api/admin/fictional-photos.php',
    kind: 'multipart',
    staff: 'signed_in',
    query: AdminFictionalIdQuerySchema,
    fields: AdminFictionalPhotoUploadFieldsSchema,
    response: AdminFictionalPhotosSchema,
    errors: [400, 403, 404, 413, 415],
    tags,
    summary: 'Add a photo to a fictional profile: multipart/form-data with `file` and optional `is_private` (admins)',
    description:
      "Decoded and re-encoded without metadata (EXIF/GPS stripped) in three sizes, as members' photos; approved " +
      'at once. 400 photo_invalid (data.reason), 413 photo_too_large (data.megabytes), 403 photo_limit_reached ' +
      '(data.limit 25). The first public photo becomes the main image.',
  }),
  /** PUT /api/admin/fictional-photos.php: main image, private/public, position (admins). */
  updatePhoto: defineCall({
    method: 'PUT',
    path: '/api/admin/fictional-photos.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminFictionalPhotoUpdateBodySchema,
    response: AdminFictionalPhotosSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Make a photo of a fictional profile the main image, private or public, or move it (admins)',
    description: 'The main image is never private: 400 validation_failed with data.reason main_photo_private.',
  }),
  /** DELETE /api/admin/fictional-photos.php: delete a photo; the next public one becomes the main image (admins). */
  deletePhoto: defineCall({
    method: 'DELETE',
    path: '/api/admin/fictional-photos.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminFictionalPhotoDeleteBodySchema,
    response: AdminFictionalPhotosSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Delete a photo of a fictional profile (admins)',
  }),
  /** POST /api/admin/fictional-copy.php: an independent copy on another of the staff's sites (admins). */
  copy: defineCall({
    method: 'POST',
    path: '/api/admin/fictional-copy.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminFictionalCopyBodySchema,
    response: AdminFictionalDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Copy a fictional profile to another site: fields, persona, niches and photo files (admins)',
    description:
      'The copy is independent: a later change of either leaves the other as it is. 400 validation_failed ' +
      "(data.field country) when the profile's country is not one of the target site's.",
  }),
};
