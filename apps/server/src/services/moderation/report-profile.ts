import type { ReportBody } from '@app/contracts';
import { blocksBetween } from '../../db/repositories/blocks.js';
import { findConversationByPair } from '../../db/repositories/conversations.js';
import {
  anyMessageHasSignal,
  findMessagesBy,
  insertReport,
  lastConversationMessages,
  type StoredEvidence,
} from '../../db/repositories/reports.js';
import { notFound, validationFailed } from '../../errors.js';
import { blockMember } from '../discovery/block-member.js';
import { reachableProfile, requireOwnProfile } from '../discovery/discovery-access.js';
import type { DiscoveryDeps, MemberInput } from '../discovery/like-member.js';

/** Messages of the conversation copied beside the reported ones, as context for staff. */
export const REPORT_CONTEXT_MESSAGES = 20;

/**
 * The evidence of a report: copies of the reported messages (`reported: true`) and the last
 * REPORT_CONTEXT_MESSAGES messages of the conversation, each once, oldest first. Copies, so they
 * survive a deleted chat or account.
 * @throws AppError validation_failed (400, data.field message_ids) when a message is not one the
 *   profile sent in a conversation with the reporter
 */
async function collectEvidence(
  db: DiscoveryDeps['db'],
  own: number,
  target: number,
  messageIds: readonly number[],
): Promise<{ evidence: StoredEvidence[]; reportedIds: number[] }> {
  const conversation = await findConversationByPair(db, own, target);
  const wanted = [...new Set(messageIds)];
  if (!conversation) {
    if (wanted.length > 0) throw validationFailed({ field: 'message_ids' });
    return { evidence: [], reportedIds: [] };
  }
  const reported = await findMessagesBy(db, conversation.id, target, wanted);
  if (reported.length !== wanted.length) throw validationFailed({ field: 'message_ids' });
  const context = await lastConversationMessages(db, conversation.id, REPORT_CONTEXT_MESSAGES);
  const byId = new Map<number, StoredEvidence>(context.map((m) => [m.id, { ...m, reported: false }]));
  for (const m of reported) byId.set(m.id, { ...m, reported: true });
  const evidence = [...byId.values()].sort((a, b) => a.id - b.id);
  return { evidence, reportedIds: reported.map((m) => m.id) };
}

/**
 * POST /api/report.php (issue: back office I; DECISIONS.md: report a profile or message): the member
 * reports a profile of their site they can see (active, not their own, not blocked by it), with a
 * reason of REPORT_REASONS and optional text; `message_ids` name messages that profile sent them,
 * copied with the conversation's last 20 messages as evidence for staff. `block` then blocks the
 * profile through the block use case (likes, match and chat between them removed). The report waits
 * in the back office's queue (status open). `signal` (issue: safer conversations): the report was
 * made from a message's safety note; one of `message_ids` must carry that signal, and staff see it.
 * Input: `{ actor, site, user, body }`.
 * Returns `{ ok: true, blocked }`.
 * @throws AppError forbidden (403) without an own profile; not_found (404) for a profile the member
 *   cannot see; validation_failed (400, data.field message_ids) for messages that are not the profile's
 *   in a conversation with the member (or held, never delivered); validation_failed (400, data.field
 *   signal) when none of them carries `signal`
 */
export async function reportProfile(
  deps: DiscoveryDeps,
  input: MemberInput & { body: ReportBody },
): Promise<{ ok: true; blocked: boolean }> {
  const { db } = deps;
  const { body, user, site } = input;
  const own = await requireOwnProfile(db, user);
  const target = await reachableProfile(db, input, own, body.profile_id, { allowBlocked: true });
  if ((await blocksBetween(db, own.id, target.id)).blockedByOther) throw notFound();
  const { evidence, reportedIds } = await collectEvidence(db, own.id, target.id, body.message_ids ?? []);
  // A one-tap report from a safety note names the message whose signal it shows.
  if (body.signal && !(await anyMessageHasSignal(db, reportedIds, body.signal))) {
    throw validationFailed({ field: 'signal' });
  }
  await insertReport(db, {
    site_id: site.id,
    reporter_user_id: user.id,
    reported_profile_id: target.id,
    message_id: reportedIds[0] ?? null,
    reason: body.reason,
    text: body.text || null,
    signal: body.signal ?? null,
    evidence,
    created_at: deps.clock.now(),
  });
  if (!body.block) return { ok: true, blocked: false };
  await blockMember(deps, { ...input, targetId: target.id });
  return { ok: true, blocked: true };
}
