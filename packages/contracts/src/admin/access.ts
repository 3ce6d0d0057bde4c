/**
 * Back-office staff: login with password and TOTP, the staff account, staff accounts, the audit log,
 * the sites staff work on (issue: back office I). Paths live under /api/admin/.
 */
import { z } from 'zod';
import { text } from '../text.js';

/** Where the back-office API lives: every staff call's path starts with this; the staff cookie's path is it without the slash. */
export const STAFF_API_PREFIX = '/api/admin/';

/** Staff roles (DECISIONS.md back office). */
export const STAFF_ROLE_NAMES = ['admin', 'moderator', 'operator', 'support'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];
/** Languages of the back office. */
export const STAFF_LANGUAGE_CODES = ['en', 'nl'] as const;

/** What `GET /api/admin/me.php` answers, and the login's final answer. */
export const StaffAccountSchema = z
  .object({
    id: z.number().int(),
    email: text(),
    name: text(),
    role: z.enum(STAFF_ROLE_NAMES),
    /** Site ids the account works on; null: every site. */
    site_ids: z.array(z.number().int()).nullable(),
    language: z.enum(STAFF_LANGUAGE_CODES),
    totp_enabled: z.boolean(),
    disabled: z.boolean(),
    created_at: text(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const StaffLoginBodySchema = z.object({
  email: text().trim().min(3).max(254),
  password: text().min(1).max(200),
});

/** After the password: enrol (scan the QR code) or type the code. */
export const StaffLoginResultSchema = z
  .object({
    next: z.enum(['enrol', 'totp']),
    /** The account has a passkey: the second step may use it instead of the code (issue: passkeys). */
    passkey: z.boolean(),
    /** The account's role requires a passkey as second factor: the code is refused once it has one. */
    passkey_required: z.boolean(),
    /** Present at enrolment only. */
    enrolment: z
      .object({
        secret: text(),
        otpauth_url: text(),
        /** The QR code as an SVG document. */
        qr_svg: text(),
      })
      .optional(),
  })
  .meta({ id: 'StaffLoginResult' });
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

/** The second factor: a 6-digit code or a recovery code. */
export const StaffSecondFactorBodySchema = z
  .object({
    code: text().trim().max(12).optional(),
    recovery_code: text().trim().max(32).optional(),
  })
  .refine((b) => Boolean(b.code) !== Boolean(b.recovery_code), { message: 'code_or_recovery_code' });

export const StaffSecondFactorResultSchema = z
  .object({
    staff: StaffAccountSchema,
    /** Made at enrolment and shown once; empty otherwise. */
    recovery_codes: z.array(text()),
    /**
     * The role requires a passkey and the account has none: the session opens only adding one
     * (POST /api/admin/passkey-register.php), which then starts the full session (issue: passkeys).
     */
    add_passkey: z.boolean(),
  })
  .meta({ id: 'StaffSecondFactorResult' });

/** Whether a staff role must use a passkey as second factor (issue: passkeys). */
export const StaffRoleSettingSchema = z
  .object({ role: z.enum(STAFF_ROLE_NAMES), require_passkey: z.boolean() })
  .meta({ id: 'StaffRoleSetting' });
export type StaffRoleSetting = z.infer<typeof StaffRoleSettingSchema>;
export const StaffRoleSettingListSchema = z.array(StaffRoleSettingSchema);

export const StaffLanguageBodySchema = z.object({ language: z.enum(STAFF_LANGUAGE_CODES) });

export const StaffListSchema = z.array(StaffAccountSchema);

export const StaffCreateBodySchema = z.object({
  email: text().trim().min(3).max(254),
  name: text().trim().max(100).default(''),
  role: z.enum(STAFF_ROLE_NAMES),
  site_ids: z.array(z.number().int().positive()).max(100).nullable(),
  password: text().min(8).max(200),
});

export const StaffUpdateBodySchema = z.object({
  id: z.number().int().positive(),
  role: z.enum(STAFF_ROLE_NAMES).optional(),
  site_ids: z.array(z.number().int().positive()).max(100).nullable().optional(),
  name: text().trim().max(100).optional(),
  disabled: z.boolean().optional(),
  /** Forget the second factor: the account enrols again at its next login. */
  reset_totp: z.boolean().optional(),
});

/** A page number (1-based) for the back office's lists. */
export const PageQueryField = z.coerce.number().int().min(1).max(10_000).default(1);
/** An optional id filter from a query string. */
export const OptionalIdField = z.coerce.number().int().positive().optional();
/** An optional date (YYYY-MM-DD or ISO time) filter from a query string. */
export const OptionalDateField = z.iso
  .date()
  .or(z.iso.datetime({ offset: true }))
  .optional();

export const AuditQuerySchema = z.object({
  staff_id: OptionalIdField,
  action: text().trim().max(60).optional(),
  object_type: text().trim().max(40).optional(),
  object_id: text().trim().max(40).optional(),
  member_user_id: OptionalIdField,
  site_id: OptionalIdField,
  from: OptionalDateField,
  to: OptionalDateField,
  page: PageQueryField,
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: text(),
  action: text(),
  object_type: text(),
  object_id: text().nullable(),
  site_id: z.number().int().nullable(),
  member_user_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: text().nullable(),
  created_at: text(),
});
export const AuditPageSchema = z
  .object({ entries: z.array(AuditEntrySchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** A site as the back office lists it (filters, settings it moderates). */
export const StaffSiteSchema = z.object({
  id: z.number().int(),
  domain: text(),
  name: text(),
  auto_approve_photos: z.boolean(),
});
export const StaffSiteListSchema = z.array(StaffSiteSchema);
export type StaffSite = z.infer<typeof StaffSiteSchema>;

export const StaffOkSchema = z.object({ ok: z.literal(true) });
