/** Profiles (members' own and fictional) and their photos. */
import type { HeadAngles } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';
import { sites } from './sites.js';
import { staff } from './staff.js';

/** Public profiles: members' own (user_id set) and fictional ones (is_fictional, no user). */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('disabled'),
    is_fictional: boolean('is_fictional').notNull().default(false),
    gender: text('gender').notNull(),
    sexuality: text('sexuality').notNull().default('hetero'),
    date_of_birth: date('date_of_birth').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hair_color: text('hair_color'),
    eye_color: text('eye_color'),
    body_type: text('body_type'),
    relationship_status: text('relationship_status'),
    tattoos: text('tattoos'),
    reason: text('reason'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    /** The main image (SPEC.md 3 main_image); cleared when that photo is deleted. */
    main_photo_id: integer('main_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    last_active_at: timestamp('last_active_at', { withTimezone: true }),
    created_at: createdAt(),
    /**
     * When the member's face was verified (issue: verified members; docs/decisions/026): by the face
     * model or a moderator. The badge holds only while `verified_photo_id` is still the main image
     * (presenters/verification.ts `isVerified`): a new main image ends it until verified again.
     */
    verified_at: timestamp('verified_at', { withTimezone: true }),
    /** The main image when the face was verified (no foreign key: a deleted photo simply no longer matches). */
    verified_photo_id: integer('verified_photo_id'),
  },
  (t) => [
    uniqueIndex('profiles_user_key').on(t.user_id),
    // A fictional profile has no account, so it can never log in (issue: back office II).
    check('profiles_fictional_no_user', sql`not ${t.is_fictional} or ${t.user_id} is null`),
    // A fictional profile is never verified: its label stays (issue: verified members).
    check('profiles_fictional_unverified', sql`not ${t.is_fictional} or ${t.verified_at} is null`),
    index('profiles_search_idx').on(t.site_id, t.status, t.gender, t.date_of_birth),
    index('profiles_site_activity_idx').on(t.site_id, t.last_active_at),
    // Member search (docs/matching.md "Search order"). Pages in activity order (per gender, or all),
    // the distance filter's and the nearest-first circles' bounding boxes, and counts per place. The
    // trailing columns are filters btree checks inside the index, so only matching rows are fetched.
    index('profiles_active_gender_activity_idx')
      .on(t.site_id, t.gender, t.last_active_at.desc().nullsLast(), t.id, t.date_of_birth, t.country, t.region)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_activity_idx')
      .on(t.site_id, t.last_active_at.desc().nullsLast(), t.id, t.date_of_birth, t.country, t.region)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_geo_idx')
      .on(t.site_id, t.latitude, t.longitude, t.last_active_at, t.gender, t.date_of_birth, t.country)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_place_idx')
      .on(t.site_id, t.country, t.region, t.gender, t.date_of_birth)
      .where(sql`${t.status} = 'active'`),
    // Related profiles of a profile view: the nearest in age within a country, read in date order.
    index('profiles_active_country_birth_idx')
      .on(t.site_id, t.country, t.date_of_birth)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Photos of a profile; sizes are separate files (full, card "match", thumb). */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    match_filename: text('match_filename').notNull(),
    thumb_filename: text('thumb_filename').notNull(),
    status: text('status').notNull().default('awaiting_approval'),
    /** Why staff rejected the photo: a code of PHOTO_REJECT_REASONS, shown to the owner in their language. */
    reject_reason: text('reject_reason'),
    is_private: boolean('is_private').notNull().default(false),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
    /**
     * The model's explicit score 0..1 (nsfwjs porn + hentai; issue: explicit photos), set by the
     * score_photo job after the upload; null until scored (and for photos from before the model).
     */
    explicit_score: doublePrecision('explicit_score'),
    /** The model's five class probabilities (drawing, hentai, neutral, porn, sexy), with explicit_score. */
    nsfw_scores: jsonb('nsfw_scores').$type<Record<string, number>>(),
  },
  (t) => [
    index('photos_profile_idx').on(t.profile_id, t.position),
    // The approval queue (photos CLI, back office) reads only waiting photos, oldest first.
    index('photos_awaiting_idx').on(t.created_at).where(sql`${t.status} = 'awaiting_approval'`),
  ],
);

/**
 * What staff keep about a fictional profile (issue: back office II), apart from the public profile
 * so no member-side query can ever carry it: the persona note operators read before answering, and
 * the niches (SPEC.md 3 niche 1-7) whose landers may show it (empty: every niche of its site).
 */
export const fictionalPersonas = pgTable('fictional_personas', {
  profile_id: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  persona_note: text('persona_note').notNull().default(''),
  niches: smallint('niches').array().notNull().default(sql`'{}'::smallint[]`),
  created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's attempts to verify their face (issue: verified members; docs/decisions/026): the pose
 * asked for, the private selfie until it is decided (then deleted: only the decision and its score
 * stay), the face model's best similarity to the profile's approved photos, and who decided.
 * Status: awaiting_selfie (pose shown, expires_at), checking (verify_selfie job queued),
 * awaiting_review (a moderator decides), verified, rejected, expired.
 */
export const faceVerifications = pgTable(
  'face_verifications',
  {
    id: serial('id').primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('awaiting_selfie'),
    /** The random pose asked for (a code of VERIFICATION_POSES), shown to the member and the moderator. */
    pose: text('pose').notNull(),
    created_at: createdAt(),
    /** A selfie is taken until then (10 minutes after the start). */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The private selfie file (`private/<uuid>.jpg`) until the decision; null after it. */
    selfie_filename: text('selfie_filename'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /** Whether the model found a face on the selfie (null before the job ran). */
    face_found: boolean('face_found'),
    /** The best similarity 0..1 of the selfie's face to a face of the profile's approved photos. */
    score: doublePrecision('score'),
    /** The approved photo that gave `score`. */
    best_photo_id: integer('best_photo_id'),
    /** The head's angles on the selfie in degrees (the face model's estimate); null without a face. */
    head_angles: jsonb('head_angles').$type<HeadAngles>(),
    /** Whether those angles show the pose asked for; null when the model could not tell. */
    pose_matched: boolean('pose_matched'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    /** The moderator who decided; null when the model verified (status verified, decided_at set). */
    decided_by: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('face_verifications_profile_idx').on(t.profile_id, t.created_at),
    // The moderator queue reads only attempts waiting for review, oldest first.
    index('face_verifications_review_idx').on(t.submitted_at).where(sql`${t.status} = 'awaiting_review'`),
  ],
);

/**
 * The face found on a profile photo (issue: verified members), computed by the verify_selfie job the
 * first time the photo is compared and kept: `embedding` null when the photo has no face.
 */
export const photoFaces = pgTable('photo_faces', {
  photo_id: integer('photo_id')
    .primaryKey()
    .references(() => photos.id, { onDelete: 'cascade' }),
  embedding: jsonb('embedding').$type<number[]>(),
  model: text('model').notNull(),
  created_at: createdAt(),
});
