import { z } from 'zod';
import {
  ApplySanctionBodySchema,
  HandleReportBodySchema,
  HandleReportResultSchema,
  PhotoDecisionBodySchema,
  PhotoDecisionResultSchema,
  PhotoQueuePageSchema,
  PhotoQueueQuerySchema,
  PhotoSettingsBodySchema,
  PhotoSettingsListSchema,
  PhotoSettingsSchema,
  ReportDetailSchema,
  ReportIdQuerySchema,
  ReportQueuePageSchema,
  ReportQueueQuerySchema,
  RevokeSanctionBodySchema,
  SanctionResultSchema,
  StaffPhotoQuerySchema,
  VerificationDecisionBodySchema,
  VerificationDecisionResultSchema,
  VerificationQueuePageSchema,
  VerificationQueueQuerySchema,
  VerificationSelfieStaffQuerySchema,
} from '../admin/moderation.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Path of the call that serves any photo (waiting, rejected, private) to staff. Kept with the calls,
 * not the schemas the member site shares, so no member chunk carries a /api/admin/ path.
 */
export const STAFF_PHOTO_PATH = '/api/admin/photo.php';

/** Where the back office loads one size of a photo, e.g. `/api/admin/photo.php?id=12&size=thumb`. */
export function staffPhotoPath(photoId: number, size: 'full' | 'match' | 'thumb'): string {
  return `${STAFF_PHOTO_PATH}?id=${photoId}&size=${size}`;
}

/** Path of the call that serves a selfie waiting for review to moderators (issue: verified members). */
export const STAFF_SELFIE_PATH = '/api/admin/verification-selfie.php';

/** Where the back office loads the selfie of attempt `id`. */
export function staffSelfiePath(id: number): string {
  return `${STAFF_SELFIE_PATH}?id=${id}`;
}

/**
 * Back-office moderation (issue: back office I): the photo queue, members' reports and sanctions.
 * Moderators and admins of the object's site; a role that may not gets 403 forbidden, an object of
 * another site 404. Every change and every read of a member's private data is in the audit log.
 */
export const adminModerationCalls = {
  /** POST /api/admin/sanctions.php: warn, hide, suspend or ban a member (moderators, admins); mailed to the member. */
  applySanction: defineCall({
    method: 'POST',
    path: '/api/admin/sanctions.php',
    kind: 'json',
    staff: 'signed_in',
    body: ApplySanctionBodySchema,
    response: SanctionResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Take a measure against a member: warn, hide, suspend for days, ban (moderators and admins); mailed',
    description:
      'hide: the profile is shown to nobody (status blocked); suspend: login refused with 403 account_suspended ' +
      'until the time, sessions end; ban: login refused with 403 account_banned, sessions end. 409 conflict when ' +
      'the member is banned already.',
  }),
  /** POST /api/admin/sanction-revoke.php: reverse a measure (admins only). */
  revokeSanction: defineCall({
    method: 'POST',
    path: '/api/admin/sanction-revoke.php',
    kind: 'json',
    staff: 'signed_in',
    body: RevokeSanctionBodySchema,
    response: SanctionResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Reverse a measure (admins only); restores what it changed and tells the member',
  }),
  /** GET /api/admin/photos.php?site_id=&page=: profiles with photos awaiting approval. */
  photoQueue: defineCall({
    method: 'GET',
    path: '/api/admin/photos.php',
    kind: 'json',
    staff: 'signed_in',
    query: PhotoQueueQuerySchema,
    response: PhotoQueuePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Photos awaiting approval, per profile: main images first, then oldest; with the other photos',
  }),
  /** POST /api/admin/photos.php {ids, decision, reason?}: approve or reject photos. */
  decidePhotos: defineCall({
    method: 'POST',
    path: '/api/admin/photos.php',
    kind: 'json',
    staff: 'signed_in',
    body: PhotoDecisionBodySchema,
    response: PhotoDecisionResultSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Approve or reject photos (a reason from PHOTO_REJECT_REASONS to reject); the owner sees the reason',
  }),
  /** GET /api/admin/photo.php?id=&size=: one size of a photo, private ones too (audited). */
  staffPhoto: defineCall({
    method: 'GET',
    path: STAFF_PHOTO_PATH,
    kind: 'binary',
    staff: 'signed_in',
    query: StaffPhotoQuerySchema,
    response: z.unknown().describe('the image (image/jpeg or image/webp)'),
    errors: [400, 403, 404],
    tags,
    summary: 'One size of a photo for staff (private photos are recorded in the audit log as photo.view_private)',
  }),
  /** GET /api/admin/photo-settings.php: automatic photo approval of the account's sites. */
  photoSettings: defineCall({
    method: 'GET',
    path: '/api/admin/photo-settings.php',
    kind: 'json',
    staff: 'signed_in',
    response: PhotoSettingsListSchema,
    errors: [403],
    tags,
    summary: "Whether each of the account's sites approves new photos automatically",
  }),
  /** PUT /api/admin/photo-settings.php {site_id, auto_approve_photos}: admins and moderators of the site. */
  setPhotoSettings: defineCall({
    method: 'PUT',
    path: '/api/admin/photo-settings.php',
    kind: 'json',
    staff: 'signed_in',
    body: PhotoSettingsBodySchema,
    response: PhotoSettingsSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Turn automatic photo approval of a site on or off (admins and moderators of the site)',
  }),
  /** GET /api/admin/reports.php?status=open|handled&site_id=&page=: members' reports, oldest open first. */
  reports: defineCall({
    method: 'GET',
    path: '/api/admin/reports.php',
    kind: 'json',
    staff: 'signed_in',
    query: ReportQueueQuerySchema,
    response: ReportQueuePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Reports by members: open ones oldest first, handled ones newest first',
  }),
  /** GET /api/admin/report.php?id=: a report with its evidence and the reported member's history (audited). */
  report: defineCall({
    method: 'GET',
    path: '/api/admin/report.php',
    kind: 'json',
    staff: 'signed_in',
    query: ReportIdQuerySchema,
    response: ReportDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: "A report, its evidence and the reported member's reports, sanctions, notes and account state",
  }),
  /** POST /api/admin/report.php {id, action, days?, note?}: dismiss, or sanction the reported member. */
  handleReport: defineCall({
    method: 'POST',
    path: '/api/admin/report.php',
    kind: 'json',
    staff: 'signed_in',
    body: HandleReportBodySchema,
    response: HandleReportResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Handle a report: dismiss, warn, hide, suspend or ban; the reporter is told it was handled, not how',
    description:
      'A report on a fictional profile can only be dismissed (400 validation_failed otherwise). 409 conflict when ' +
      'the report was handled already.',
  }),
  /** GET /api/admin/verifications.php?site_id=&page=: selfies waiting for a moderator (issue: verified members). */
  verificationQueue: defineCall({
    method: 'GET',
    path: '/api/admin/verifications.php',
    kind: 'json',
    staff: 'signed_in',
    query: VerificationQueueQuerySchema,
    response: VerificationQueuePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Selfies the face model did not verify, oldest first, beside the profiles’ approved photos',
  }),
  /** POST /api/admin/verifications.php: approve or reject a selfie; it is deleted either way (audited). */
  decideVerification: defineCall({
    method: 'POST',
    path: '/api/admin/verifications.php',
    kind: 'json',
    staff: 'signed_in',
    body: VerificationDecisionBodySchema,
    response: VerificationDecisionResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Approve (the verified badge) or reject a selfie; the selfie file is deleted, the decision and score kept',
    description: '409 conflict when the attempt is no longer waiting for review (decided meanwhile).',
  }),
  /** GET /api/admin/verification-selfie.php?id=: the selfie of a waiting attempt (moderators; audited). */
  verificationSelfie: defineCall({
    method: 'GET',
    path: STAFF_SELFIE_PATH,
    kind: 'binary',
    staff: 'signed_in',
    query: VerificationSelfieStaffQuerySchema,
    response: z.unknown().describe('the image (image/jpeg)'),
    errors: [400, 403, 404],
    tags,
    summary: 'The selfie of an attempt waiting for review (moderators and admins; every view is audited)',
  }),
};
