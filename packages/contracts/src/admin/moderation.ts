/**
 * Back-office moderation (issue: back office I): measures against members (sanctions), the reasons
 * members and staff choose from, and the photo rejection reasons members see in their language.
 * The photo queue and report queue schemas are added beside these.
 */
import { z } from 'zod';
import { text } from '../text.js';

/** Why a profile or message is reported, and why staff take a measure (catalogue keys). */
export const REPORT_REASONS = [
  'harassment',
  'spam',
  'scam',
  'fake_profile',
  'inappropriate_photos',
  'underage',
  'offensive_language',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Why staff reject a photo; the owner sees the reason in their language. */
export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'not_the_member',
  'nudity',
  'low_quality',
  'contact_details',
  'copyright',
  'other',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/**
 * Measures against a member: warn (a mail), hide (profile hidden from others), suspend (login
 * refused until a time), ban (login refused, /pages/ban). Each is mailed to the member.
 */
export const SANCTION_KINDS = ['warn', 'hide', 'suspend', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** Longest suspension in days. */
export const MAX_SUSPENSION_DAYS = 365;

export const SanctionSchema = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    user_id: z.number().int(),
    kind: z.enum(SANCTION_KINDS),
    reason: z.enum(REPORT_REASONS),
    note: text().nullable(),
    report_id: z.number().int().nullable(),
    /** End of a suspension (ISO time); null otherwise. */
    until: text().nullable(),
    staff_email: text().nullable(),
    created_at: text(),
    revoked_at: text().nullable(),
  })
  .meta({ id: 'Sanction' });
export type Sanction = z.infer<typeof SanctionSchema>;

/** POST /api/admin/sanctions.php: a measure against a member (moderators and admins). */
export const ApplySanctionBodySchema = z
  .object({
    user_id: z.number().int().positive(),
    kind: z.enum(SANCTION_KINDS),
    reason: z.enum(REPORT_REASONS),
    /** Shown to the member in the mail (staff's words). */
    note: text().trim().max(1000).optional(),
    /** Suspension length in days (required for suspend). */
    days: z.number().int().min(1).max(MAX_SUSPENSION_DAYS).optional(),
    /** The report this measure answers, if any. */
    report_id: z.number().int().positive().optional(),
  })
  .refine((b) => b.kind !== 'suspend' || b.days !== undefined, { message: 'days_required', path: ['days'] });

/** POST /api/admin/sanction-revoke.php: reverse a measure (admins only). */
export const RevokeSanctionBodySchema = z.object({ id: z.number().int().positive() });

export const SanctionResultSchema = z.object({ sanction: SanctionSchema }).meta({ id: 'SanctionResult' });
