import {
  SIGNAL_KINDS,
  type SignalKindName,
  type SignalMember,
  type SignalMemberDetail,
  type SignalMessage,
  type SignalMessageState,
  type SignalQueuePage,
  type SignalReleaseResult,
  type SignalSettings,
  type StaffSignal,
} from '@app/contracts';
import type { SignalMemberRow, SignalMessageRow } from '../../db/repositories/signals.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { MessageSignal } from '../../db/schema.js';
import type { SignalQueue } from '../../services/safety/list-signal-queue.js';
import type { ReleaseOutcome } from '../../services/safety/release-held-messages.js';
import type { SignalMemberView } from '../../services/safety/view-signal-member.js';

/** Scores on the wire: two decimals are plenty for ordering and reading. */
const round = (n: number) => Math.round(n * 100) / 100;

const KNOWN = new Set<string>(SIGNAL_KINDS);

/** A member of the Signals queue (staff view; issue: safer conversations). */
export function presentSignalMember(row: SignalMemberRow): SignalMember {
  return {
    user_id: row.userId,
    profile_id: row.profileId,
    name: row.name,
    site_id: row.siteId,
    site_name: row.siteName,
    account_status: row.accountStatus,
    account_created_at: row.signupDate.toISOString(),
    risk_score: round(row.risk),
    risk_hold_threshold: row.threshold,
    held_count: row.heldCount,
    signal_count: row.signalCount,
    last_signal_at: row.lastSignalAt?.toISOString() ?? null,
  };
}

/** Stored signals as staff see them (kinds a newer detector wrote that this build does not know are left out). */
export function presentStaffSignals(signals: readonly MessageSignal[]): StaffSignal[] {
  return signals
    .filter((s) => KNOWN.has(s.kind))
    .map((s) => ({ kind: s.kind as SignalKindName, start: s.start ?? null, end: s.end ?? null }));
}

function stateOf(row: SignalMessageRow): SignalMessageState {
  if (row.droppedAt) return 'dropped';
  return row.heldAt ? 'held' : 'delivered';
}

/** A message with signals or held (staff view). */
export function presentSignalMessage(row: SignalMessageRow): SignalMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    kind: row.kind,
    body: row.body,
    signals: presentStaffSignals(row.signals),
    state: stateOf(row),
    credits: row.credits,
    recipient: { profile_id: row.recipientId, name: row.recipientName, fictional: row.recipientFictional },
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/signals.php. */
export function presentSignalQueue(queue: SignalQueue): SignalQueuePage {
  return {
    members: queue.members.map(presentSignalMember),
    total_held: queue.totalHeld,
    page: queue.page,
    more: queue.more,
  };
}

/** GET /api/admin/signal-member.php. */
export function presentSignalMemberDetail(view: SignalMemberView): SignalMemberDetail {
  return {
    member: presentSignalMember(view.member),
    credits: view.member.credits,
    messages: view.messages.map(presentSignalMessage),
    more: view.more,
  };
}

/** POST /api/admin/signal-release.php. */
export function presentReleaseResult(outcome: ReleaseOutcome): SignalReleaseResult {
  return {
    released: outcome.released,
    dropped: outcome.dropped,
    charged: outcome.charged,
    credits: outcome.credits,
    risk_score: round(outcome.riskScore),
  };
}

/** A site's hold threshold. */
export function presentSignalSettings(site: SiteRow): SignalSettings {
  return {
    site_id: site.id,
    site_name: site.name,
    domain: site.domain,
    risk_hold_threshold: site.risk_hold_threshold,
  };
}
