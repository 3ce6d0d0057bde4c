/** Value lists of the entities of SPEC.md section 3, kept free of zod so the client bundles them cheaply. */

export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['blonde', 'brown', 'black', 'red', 'grey', 'bald', 'other'] as const;
export const EYE_COLORS = ['blue', 'green', 'brown', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'average', 'athletic', 'curvy', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'relationship', 'married'] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;
export const REASONS = ['dating', 'relationship', 'friendship', 'fun', 'chat'] as const;
export const PROFILE_STATUSES = ['active', 'disabled', 'blocked', 'deleted'] as const;
export const PHOTO_STATUSES = ['awaiting_approval', 'approved', 'rejected'] as const;

/** Profile fields a site can show on profiles and in the profile editor. */
export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'date_of_birth',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
  'interests',
  'description',
  'city',
] as const;
/** Search filters a site can offer (SPEC.md 3, Search state). */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'age', 'distance'] as const;

export const USER_STATUSES = ['not_confirmed', 'confirmed', 'pending_deletion', 'banned'] as const;
export const NOTIFICATION_DISABLE_REASONS = ['complaint', 'bounce', 'unsubscribe'] as const;

/** The three tabs of /likes/{type}. */
export const LIKE_TYPES = ['received', 'given', 'mutual'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** Kinds of notification a member can get by push (issue: notifications and the installable app). */
export const PUSH_KINDS = ['message', 'like', 'match'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * Why a profile or message is reported, and why staff take a measure (catalogue keys). Here, free of
 * zod, so the member's report dialog does not load the moderation schemas (docs/decisions/020).
 */
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
