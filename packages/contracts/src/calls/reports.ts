import { ReportBodySchema, ReportResultSchema } from '../reports.js';
import { defineCall } from './define.js';

/** Members report a profile or a message (issue: back office I). Members only. */
export const reportCalls = {
  /** POST /api/report.php: {profile_id, message_ids?, reason, text?, block?}; 20 reports a day per member. */
  report: defineCall({
    method: 'POST',
    path: '/api/report.php',
    kind: 'json',
    body: ReportBodySchema,
    response: ReportResultSchema,
    errors: [400, 403, 404, 429],
    tags: ['discovery'],
    summary:
      'Report a profile, or messages of it in a conversation with the member (attached as evidence); optionally block it',
  }),
};
