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
} from './enums.js';
import { ALL_LOCALES } from './locales.js';
import { text } from './text.js';
import { HeadAnglesSchema } from './verification.js';

/**
 * Calls of the access issue (SPEC.md 2, 4, 5, 6, 8): signup, activation, password reset, mail
 * change, password change, account deletion and reactivation, data export, page-bounce beacon.
 * Errors use the one error shape; `data.field` names the form field a validation error belongs to.
 */

/** Tracking values from the arrival URL (SPEC.md 3), saved with the member at signup. */
export const TrackingSchema = z
  .object({
    network: text().max(100).optional(),
    ref: text().max(100).optional(),
    sub1: text().max(100).optional(),
    sub2: text().max(100).optional(),
    sub3: text().max(100).optional(),
  })
  .meta({ id: 'Tracking' });

/** POST /api/signup.php: the signup form draft of SPEC.md 3 plus context. Answers User and logs in. */
export const SignupBodySchema = z
  .object({
    email: text().trim().max(254),
    name: text().trim().min(2).max(40),
    password: text().min(1).max(1024),
    date_of_birth: text().describe('YYYY-MM-DD'),
    signup_message: text().trim().max(2000).optional(),
    /** The profile signed up from (/members/{id}/signup): the first contact. */
    profile_id: z.number().int().positive().optional(),
    gender: z.enum(GENDERS).optional(),
    tracking: TrackingSchema.optional(),
    language: z.enum(ALL_LOCALES).optional(),
  })
  .meta({ id: 'SignupBody' });
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** POST /api/activate.php: the token of the emailed link (/activate/done?token=...). */
export const TokenBodySchema = z.object({ token: text().min(10).max(200) }).meta({ id: 'TokenBody' });

/** POST /api/password-reset.php: send a single-use reset link. */
export const PasswordResetBodySchema = z.object({ email: text().trim().max(254) }).meta({ id: 'PasswordResetBody' });

/** POST /api/password-reset-do.php: set a new password with the emailed token. */
export const PasswordResetDoBodySchema = z
  .object({ token: text().min(10).max(200), password: text().max(1024), password_repeat: text().max(1024) })
  .meta({ id: 'PasswordResetDoBody' });

/** POST /api/password.php: change the password of the logged-in member. */
export const PasswordChangeBodySchema = z
  .object({ old_password: text().max(1024), password: text().max(1024), password_repeat: text().max(1024) })
  .meta({ id: 'PasswordChangeBody' });

/** POST /api/mail-change.php: send a confirmation link to a new address. */
export const MailChangeBodySchema = z
  .object({ email: text().trim().max(254), password: text().max(1024) })
  .meta({ id: 'MailChangeBody' });

/** GET /api/account-delete.php: the retention offer shown before deleting. */
export const DeletionOfferSchema = z
  .object({
    delete_discount: z.number().int().describe('percent off the next purchase when the member stays'),
    reactivation_days: z.number().int(),
  })
  .meta({ id: 'DeletionOffer' });

/** POST /api/account-delete.php: delete the account (hidden at once; reactivation link by mail). */
export const AccountDeleteBodySchema = z
  .object({ password: text().max(1024), reason: text().max(500).optional() })
  .meta({ id: 'AccountDeleteBody' });

/** Answer of calls that only confirm. */
export const DoneSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Done' });

/** Profile fields editable by the member (signup steps 2-4 and /profile); PUT /api/profile.php. */
export const ProfileUpdateSchema = z
  .object({
    name: text().trim().min(2).max(40),
    gender: z.enum(GENDERS),
    sexuality: z.enum(SEXUALITIES),
    date_of_birth: text().describe('YYYY-MM-DD'),
    hair_color: z.enum(HAIR_COLORS).nullable(),
    eye_color: z.enum(EYE_COLORS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    tattoos: z.enum(TATTOOS).nullable(),
    reason: z.enum(REASONS).nullable(),
    interests: z.array(text().max(40)).max(50),
    description: text().max(2000),
    country: text().length(2),
    region: text().max(16).nullable(),
    city: text().max(100).nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  })
  .partial()
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** `data` of a 400 weak_password error: zxcvbn feedback in the member's language. */
export const WeakPasswordDataSchema = z
  .object({ field: z.literal('password'), warning: text(), suggestions: z.array(text()) })
  .meta({ id: 'WeakPasswordData' });

/** POST /api/page-hidden.php: the page-bounce beacon (SPEC.md 4, 7: query parameter lb). All optional. */
export const PageHiddenBodySchema = z
  .object({
    path: text().max(500).optional(),
    seconds_visible: z.number().int().nonnegative().max(86_400).optional(),
    tracking: TrackingSchema.optional(),
  })
  .meta({ id: 'PageHiddenBody' });
export type PageHiddenBody = z.infer<typeof PageHiddenBodySchema>;

const isoDate = text().describe('ISO 8601');

/** GET /api/export.php: everything stored about the member (GDPR Art. 15 and 20), as a JSON download. */
export const DataExportSchema = z
  .object({
    exported_at: isoDate,
    account: z.object({
      id: z.number().int(),
      email: text(),
      language: text(),
      status: text(),
      credits: z.number().int(),
      paid_user: z.boolean(),
      signup_date: isoDate,
      confirmed_at: isoDate.nullable(),
      password_changed_at: isoDate.nullable(),
      last_active_at: isoDate.nullable(),
      notifications_disabled: z.array(text()),
      signup_message: text().nullable(),
      signup_profile_id: z.number().int().nullable(),
      deletion_requested_at: isoDate.nullable(),
    }),
    tracking: z.record(text(), text()).nullable(),
    profile: z.record(text(), z.unknown()).nullable().describe('every stored profile field'),
    photos: z.array(
      z.object({
        filename: text(),
        match_filename: text(),
        thumb_filename: text(),
        url: text(),
        status: text(),
        is_private: z.boolean(),
        created_at: isoDate,
      }),
    ),
    credit_ledger: z.array(
      z.object({
        delta: z.number().int(),
        balance_after: z.number().int(),
        reason: text(),
        reference: text().nullable(),
        created_at: isoDate,
      }),
    ),
    sessions: z.array(
      z.object({
        created_at: isoDate,
        last_seen_at: isoDate,
        expires_at: isoDate,
        ip: text().nullable(),
        user_agent: text().nullable(),
      }),
    ),
    mails: z.array(
      z.object({
        kind: text(),
        subject: text(),
        text: text(),
        created_at: isoDate,
        sent_at: isoDate.nullable(),
      }),
    ),
    likes_given: z.array(z.object({ profile: z.number().int(), source: text(), created_at: isoDate })),
    likes_received: z.array(z.object({ profile: z.number().int(), created_at: isoDate })),
    blocks: z.array(z.object({ profile: z.number().int(), created_at: isoDate })),
    messages_sent: z.array(
      z.object({
        conversation: z.number().int(),
        kind: text(),
        body: text(),
        credits_spent: z.number().int(),
        created_at: isoDate,
      }),
    ),
    verifications: z
      .array(
        z.object({
          status: text(),
          pose: text(),
          /** The face model's best similarity 0..1 to the profile's photos; null without a face. */
          score: z.number().nullable(),
          /** The head's angles on the selfie in degrees (the pose check); null without a face. */
          head_angles: HeadAnglesSchema.nullable(),
          /** Whether they showed the pose asked for; null when the model could not tell. */
          pose_matched: z.boolean().nullable(),
          created_at: isoDate,
          decided_at: isoDate.nullable(),
        }),
      )
      .describe('verification attempts (issue: verified members); the selfies themselves are never kept'),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExportSchema>;
