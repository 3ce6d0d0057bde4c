import { listOutbox, type OutboxRow } from '../../db/repositories/outbox.js';
import type { AppDeps } from '../../deps.js';

/** A mail or SMS in the local outbox. */
export type OutboxEntry = OutboxRow;

/** Entries the development outbox page shows at most. */
export const OUTBOX_PAGE_SIZE = 100;

/**
 * The newest entries of the local outbox (DECISIONS.md: mail stays local without SMTP), optionally
 * only those to `recipient` (case-insensitive), newest first; at most OUTBOX_PAGE_SIZE.
 * Input: `{ recipient? }`, an e-mail address or phone number.
 */
export function readDevOutbox(
  { db }: Pick<AppDeps, 'db'>,
  opts: { recipient?: string | undefined } = {},
): Promise<OutboxEntry[]> {
  return listOutbox(db, { limit: OUTBOX_PAGE_SIZE, recipient: opts.recipient });
}
