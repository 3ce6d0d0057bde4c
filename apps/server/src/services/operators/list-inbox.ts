import { INBOX_LIMIT, type InboxTab } from '@app/contracts';
import { lastMessages, type MessageRow } from '../../db/repositories/messages.js';
import { type InboxListRow, listInboxConversations } from '../../db/repositories/operator-inbox.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { requireInboxRole } from './inbox-rules.js';

/**
 * The operator inbox (issue: back office II): conversations of members with fictional profiles on the
 * actor's sites (or the one asked for). `waiting`: a member message waits, longest-waiting first;
 * `answered`: answered lately, newest first. Each with who holds its lock. At most INBOX_LIMIT rows.
 * Answers `{ rows, now, last }`: `last` the newest message of each conversation by its id.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for a site outside the actor's
 */
export async function listInbox(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; tab: InboxTab; siteId?: number | undefined },
): Promise<{ rows: InboxListRow[]; now: Date; last: Map<number, MessageRow> }> {
  const { siteIds } = requireInboxRole(input.actor, input.siteId);
  const now = clock.now();
  const rows = await listInboxConversations(db, { siteIds, tab: input.tab, now, limit: INBOX_LIMIT });
  const last = await lastMessages(
    db,
    rows.map((r) => r.conversation.id),
  );
  return { rows, now, last };
}
