import { ApplySanctionBodySchema, RevokeSanctionBodySchema, SanctionResultSchema } from '../admin/moderation.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/** Back-office moderation (issue: back office I): sanctions; the photo queue and reports join them. */
export const adminModerationCalls = {
  /** POST /api/admin/sanctions.php: warn, hide, suspend or ban a member (moderators, admins); mailed to the member. */
  applySanction: defineCall({
    method: 'POST',
    path: '/api/admin/sanctions.php',
    kind: 'json',
    staff: 'signed_in',
    body: ApplySanctionBodySchema,
    response: SanctionResultSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Take a measure against a member: warn, hide, suspend for days, ban (moderators and admins); mailed',
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
};
