/** Members report a profile or a message (issue: back office I, moderation). */
import { z } from 'zod';
import { REPORT_REASONS } from './enums.js';
import { RECIPIENT_WARN_KINDS } from './safety.js';
import { text } from './text.js';

/** Most messages one report attaches as evidence. */
export const MAX_REPORTED_MESSAGES = 20;

/**
 * POST /api/report.php: report `profile_id`, optionally some of its messages in a conversation with
 * the reporter (attached as evidence), with a reason from REPORT_REASONS and optional text; `block`
 * blocks the profile at the same time; `signal` marks a report made from a message's safety note.
 */
export const ReportBodySchema = z.object({
  profile_id: z.number().int().positive(),
  message_ids: z.array(z.number().int().positive()).max(MAX_REPORTED_MESSAGES).optional(),
  reason: z.enum(REPORT_REASONS),
  text: text().trim().max(1000).optional(),
  block: z.boolean().optional(),
  /**
   * A one-tap report from a message's safety note (issue: safer conversations): the warn kind shown
   * (preselected; the reason is then usually `reportReasonForSignal(kind)`, i.e. scam). `message_ids`
   * must then name the message, and one of them must carry that signal (else 400 validation_failed,
   * data.field signal). Staff see it on the report.
   */
  signal: z.enum(RECIPIENT_WARN_KINDS).optional(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

export const ReportResultSchema = z.object({ ok: z.literal(true), blocked: z.boolean() }).meta({ id: 'ReportResult' });
