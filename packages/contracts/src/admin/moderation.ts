/**
 * Back-office moderation (issue: back office I): measures against members (sanctions), the reasons
 * members and staff choose from, and the photo rejection reasons members see in their language.
 * Below them the photo queue (GET/POST /api/admin/photos.php) and the report queue
 * (GET /api/admin/reports.php, GET/POST /api/admin/report.php).
 */
import { z } from 'zod';
import { PHOTO_STATUSES, REPORT_REASONS } from '../enums.js';
import { RECIPIENT_WARN_KINDS } from '../safety.js';
import { text } from '../text.js';
import { HeadAnglesSchema } from '../verification.js';
import { OptionalIdField, PageQueryField } from './access.js';

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

/** What staff can do with a report: dismiss it, or answer it with a sanction against the reported member. */
export const REPORT_ACTIONS = ['dismiss', ...SANCTION_KINDS] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** A report is open until staff handle it. */
export const REPORT_STATUSES = ['open', 'handled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Photo decisions of the queue. */
export const PHOTO_DECISIONS = ['approve', 'reject'] as const;
/** Most photos one bulk decision takes. */
export const MAX_PHOTO_DECISION_IDS = 100;

// ---- photo queue -------------------------------------------------------------------------------

/** GET /api/admin/photos.php: profiles with waiting photos, 20 a page. */
export const PhotoQueueQuerySchema = z.object({ site_id: OptionalIdField, page: PageQueryField });

/** A photo as staff see it: its files through GET /api/admin/photo.php (private ones too). */
export const StaffPhotoSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(PHOTO_STATUSES),
    is_private: z.boolean(),
    /** The profile's main image. */
    is_main: z.boolean(),
    reject_reason: z.enum(PHOTO_REJECT_REASONS).nullable(),
    /** Path of the 160x160 thumbnail (GET /api/admin/photo.php). */
    thumb_url: text(),
    /** Path of the full-size photo. */
    full_url: text(),
    created_at: text(),
    /**
     * The explicit-photo model's score 0..1 (nsfwjs porn + hentai; issue: explicit photos), null until
     * scored; a signal for the moderator, never a verdict.
     */
    explicit_score: z.number().nullable().optional(),
    /** The score is above the site's explicit_photo_threshold (the photo waits for a moderator). */
    above_threshold: z.boolean().optional(),
  })
  .meta({ id: 'StaffPhoto' });
export type StaffPhoto = z.infer<typeof StaffPhotoSchema>;

/** One profile of the queue: its waiting photos (main image first, then oldest) and its other photos. */
export const PhotoQueueGroupSchema = z.object({
  profile_id: z.number().int(),
  profile_name: text(),
  /** The member's account; null for a fictional profile. */
  user_id: z.number().int().nullable(),
  fictional: z.boolean(),
  site_id: z.number().int(),
  site_name: text(),
  waiting: z.array(StaffPhotoSchema),
  /** Approved and rejected photos of the profile, private ones included. */
  others: z.array(StaffPhotoSchema),
});
export type PhotoQueueGroup = z.infer<typeof PhotoQueueGroupSchema>;

export const PhotoQueuePageSchema = z
  .object({
    groups: z.array(PhotoQueueGroupSchema),
    /** Waiting photos in the queue (all pages). */
    total_waiting: z.number().int(),
    page: z.number().int(),
    more: z.boolean(),
  })
  .meta({ id: 'PhotoQueuePage' });
export type PhotoQueuePage = z.infer<typeof PhotoQueuePageSchema>;

/** POST /api/admin/photos.php: approve or reject photos (a reason is required to reject). */
export const PhotoDecisionBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(MAX_PHOTO_DECISION_IDS),
    decision: z.enum(PHOTO_DECISIONS),
    reason: z.enum(PHOTO_REJECT_REASONS).optional(),
  })
  .refine((b) => b.decision !== 'reject' || b.reason !== undefined, { message: 'reason_required', path: ['reason'] });
export type PhotoDecisionBody = z.infer<typeof PhotoDecisionBodySchema>;

/** The photos whose status changed (a photo already in that state is left as it is). */
export const PhotoDecisionResultSchema = z
  .object({ changed: z.array(z.number().int()) })
  .meta({ id: 'PhotoDecisionResult' });

/** GET /api/admin/photo.php: one size of any photo for staff. */
export const StaffPhotoQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  size: z.enum(['full', 'match', 'thumb']).default('thumb'),
});

/** The lowest explicit_photo_threshold staff may set (below it nearly every photo would be blurred). */
export const EXPLICIT_THRESHOLD_MIN = 0.05;

/** A site's photo settings. */
export const PhotoSettingsSchema = z.object({
  site_id: z.number().int(),
  site_name: text(),
  domain: text(),
  auto_approve_photos: z.boolean(),
  /** Explicit score 0..1 above which photos are blurred in chats and wait for a moderator (issue: explicit photos). */
  explicit_photo_threshold: z.number().optional(),
});
export const PhotoSettingsListSchema = z.array(PhotoSettingsSchema).meta({ id: 'PhotoSettingsList' });
export type PhotoSettings = z.infer<typeof PhotoSettingsSchema>;

/** PUT /api/admin/photo-settings.php. */
export const PhotoSettingsBodySchema = z.object({
  site_id: z.number().int().positive(),
  auto_approve_photos: z.boolean(),
  /** 0.05..1 (issue: explicit photos); absent: unchanged. */
  explicit_photo_threshold: z.number().min(EXPLICIT_THRESHOLD_MIN).max(1).optional(),
});

// ---- reports -----------------------------------------------------------------------------------

export const ReportQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  site_id: OptionalIdField,
  page: PageQueryField,
});

/** A profile as the reports show it. */
export const ReportProfileSchema = z.object({
  profile_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  name: text(),
  fictional: z.boolean(),
});

/** A report in the queue. `outcome` (what staff did) is for staff only, never for the reporter. */
export const ReportSummarySchema = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    text: text().nullable(),
    status: z.enum(REPORT_STATUSES),
    outcome: z.enum(REPORT_ACTIONS).nullable(),
    reported: ReportProfileSchema,
    reporter: ReportProfileSchema,
    /** Messages attached as evidence. */
    evidence_count: z.number().int(),
    /** The safety note's signal when the member reported from it (one tap), else null. */
    signal: z.enum(RECIPIENT_WARN_KINDS).nullable(),
    created_at: text(),
    handled_at: text().nullable(),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const ReportQueuePageSchema = z
  .object({ reports: z.array(ReportSummarySchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'ReportQueuePage' });
export type ReportQueuePage = z.infer<typeof ReportQueuePageSchema>;

export const ReportIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** A message copied into a report: `reported` when the reporter picked it, else context. */
export const EvidenceMessageSchema = z.object({
  id: z.number().int(),
  /** Sent by the reported profile (else by the reporter). */
  from_reported: z.boolean(),
  reported: z.boolean(),
  kind: text(),
  body: text(),
  created_at: text(),
});
export type EvidenceMessage = z.infer<typeof EvidenceMessageSchema>;

/** A staff note on a member. */
export const StaffNoteViewSchema = z.object({
  id: z.number().int(),
  text: text(),
  staff_name: text(),
  created_at: text(),
});

/** The reported member's account as the report screen shows it; null fields for a fictional profile. */
export const ReportedAccountSchema = z.object({
  user_id: z.number().int().nullable(),
  email: text().nullable(),
  account_status: text().nullable(),
  profile_status: text(),
  suspended_until: text().nullable(),
});

export const ReportDetailSchema = z
  .object({
    report: ReportSummarySchema,
    evidence: z.array(EvidenceMessageSchema),
    handled_by: text().nullable(),
    account: ReportedAccountSchema,
    /** Earlier and later reports against the same profile (this one left out), newest first. */
    other_reports: z.array(ReportSummarySchema),
    sanctions: z.array(SanctionSchema),
    notes: z.array(StaffNoteViewSchema),
  })
  .meta({ id: 'ReportDetail' });
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** POST /api/admin/report.php: handle a report (days for a suspension; `note` goes to the member's mail). */
export const HandleReportBodySchema = z
  .object({
    id: z.number().int().positive(),
    action: z.enum(REPORT_ACTIONS),
    days: z.number().int().min(1).max(MAX_SUSPENSION_DAYS).optional(),
    note: text().trim().max(1000).optional(),
  })
  .refine((b) => b.action !== 'suspend' || b.days !== undefined, { message: 'days_required', path: ['days'] });
export type HandleReportBody = z.infer<typeof HandleReportBodySchema>;

export const HandleReportResultSchema = z
  .object({ report: ReportSummarySchema, sanction: SanctionSchema.nullable() })
  .meta({ id: 'HandleReportResult' });

/** GET /api/admin/verifications.php: selfies waiting for a moderator (issue: verified members). */
export const VerificationQueueQuerySchema = z.object({ site_id: OptionalIdField, page: PageQueryField });

/** One selfie waiting for a moderator, beside the profile's approved photos. */
export const VerificationReviewSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  profile_name: text(),
  user_id: z.number().int().nullable(),
  site_id: z.number().int(),
  site_name: text(),
  /** The pose asked for (a KNOWN_VERIFICATION_POSES code). */
  pose: text(),
  /**
   * Whether the head's angles on the selfie match the pose (the face model's check); null when it could
   * not tell (no face, or a pose asked before poses were checked).
   */
  pose_matched: z.boolean().nullable(),
  /** The head's angles on the selfie in degrees, as the face model estimated them; null without a face. */
  head_angles: HeadAnglesSchema.nullable(),
  submitted_at: text(),
  /** Whether the face model found a face on the selfie; null when it could not check it (it kept failing). */
  face_found: z.boolean().nullable(),
  /** The best similarity 0..1 to a face of the approved photos; null without a face on either side. */
  score: z.number().nullable(),
  /** The similarity from which the model verifies alone. */
  threshold: z.number(),
  /** The approved photo closest to the selfie. */
  best_photo_id: z.number().int().nullable(),
  /** Path of the selfie (GET /api/admin/verification-selfie.php; every view is audited). */
  selfie_url: text(),
  /** The profile's approved photos (main image first). */
  photos: z.array(StaffPhotoSchema),
});
export type VerificationReview = z.infer<typeof VerificationReviewSchema>;

export const VerificationQueuePageSchema = z
  .object({
    reviews: z.array(VerificationReviewSchema),
    total: z.number().int(),
    page: z.number().int(),
    more: z.boolean(),
  })
  .meta({ id: 'VerificationQueuePage' });
export type VerificationQueuePage = z.infer<typeof VerificationQueuePageSchema>;

/** POST /api/admin/verifications.php: approve (the badge) or reject a selfie; the selfie is deleted either way. */
export const VerificationDecisionBodySchema = z.object({
  id: z.number().int().positive(),
  decision: z.enum(['approve', 'reject']),
});
export type VerificationDecisionBody = z.infer<typeof VerificationDecisionBodySchema>;
export const VerificationDecisionResultSchema = z
  .object({ id: z.number().int(), status: z.enum(['verified', 'rejected']) })
  .meta({ id: 'VerificationDecisionResult' });

/** GET /api/admin/verification-selfie.php?id=: the selfie of an attempt waiting for review. */
export const VerificationSelfieStaffQuerySchema = z.object({ id: z.coerce.number().int().positive() });
