import {
  type MessageNeedsConfirmationData,
  OFF_SITE_WARN_KINDS,
  type RecipientWarnKind,
  SENDER_CONFIRM_KINDS,
  type SenderConfirmKind,
  SIGNAL_WEIGHTS,
} from '@app/contracts';
import { isApiError } from '../../lib/api';

/** Which safety note a message shows: moving off the site, asking for money, or both. */
export type SafetyNoteGroup = 'offSite' | 'money' | 'both';

const OFF_SITE: ReadonlySet<RecipientWarnKind> = new Set(OFF_SITE_WARN_KINDS);

/**
 * The note group of a received message's `safety_signals` (issue: safer conversations): an invitation
 * to move off the site (messenger, off_site) or a request for money (money, gift_card, crypto, bank),
 * or both; null when the message has none (no note).
 */
export function safetyNoteGroup(kinds: readonly RecipientWarnKind[] | undefined): SafetyNoteGroup | null {
  if (!kinds || kinds.length === 0) return null;
  const offSite = kinds.some((k) => OFF_SITE.has(k));
  const money = kinds.some((k) => !OFF_SITE.has(k));
  if (offSite && money) return 'both';
  return offSite ? 'offSite' : 'money';
}

/**
 * The signal a report from the note names (ReportBody.signal): the message's weightiest warn kind
 * (SIGNAL_WEIGHTS), the first given on a tie; undefined when it has none.
 */
export function reportSignal(kinds: readonly RecipientWarnKind[] | undefined): RecipientWarnKind | undefined {
  let best: RecipientWarnKind | undefined;
  for (const kind of kinds ?? []) if (!best || SIGNAL_WEIGHTS[kind] > SIGNAL_WEIGHTS[best]) best = kind;
  return best;
}

const CONFIRM_KINDS: ReadonlySet<string> = new Set(SENDER_CONFIRM_KINDS);
const isConfirmKind = (value: unknown): value is SenderConfirmKind =>
  typeof value === 'string' && CONFIRM_KINDS.has(value);
const isOffset = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * The data of a refused send that asks the sender first (409 message_needs_confirmation,
 * MessageNeedsConfirmationData), checked by hand so the chat needs no schema library: unknown kinds
 * and malformed spans are dropped, and the kinds are ordered as SENDER_CONFIRM_KINDS. Null for any
 * other error, or when no kind is left (the chat then shows the server's message as an alert).
 */
export function confirmationNeeded(err: unknown): MessageNeedsConfirmationData | null {
  if (!isApiError(err, 'message_needs_confirmation')) return null;
  const data = (err.data ?? {}) as { kinds?: unknown; signals?: unknown };
  const signals = (Array.isArray(data.signals) ? data.signals : [])
    .filter(
      (s): s is MessageNeedsConfirmationData['signals'][number] =>
        typeof s === 'object' && s !== null && isConfirmKind(s.kind) && isOffset(s.start) && isOffset(s.end),
    )
    .map(({ kind, start, end }) => ({ kind, start, end }));
  const named = new Set<SenderConfirmKind>([
    ...(Array.isArray(data.kinds) ? data.kinds.filter(isConfirmKind) : []),
    ...signals.map((s) => s.kind),
  ]);
  const kinds = SENDER_CONFIRM_KINDS.filter((k) => named.has(k));
  return kinds.length === 0 ? null : { kinds, signals };
}
