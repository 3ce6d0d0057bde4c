import type { ReportReason, SanctionKind } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import {
  deleteMemberSessions,
  HIDDEN_PROFILE_STATUS,
  hasOtherActiveSanction,
  insertSanction,
  type SanctionRow,
  setAccountStatus,
  setMemberProfileStatus,
  setSuspendedUntil,
} from '../../db/repositories/sanctions.js';
import { dropHeldMessages } from '../../db/repositories/signals.js';
import { findSiteById } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationFailed } from '../../errors.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { formatMemberTime, reasonLabel } from './reason-labels.js';

/** Seconds in a day (suspensions are given in days). */
const DAY_SECONDS = 86_400;

/** The member a sanction is taken against: the account and its own profile (null when it has none). */
export interface SanctionTarget {
  user: UserRow;
  profile: ProfileRow | null;
}

/** What a sanction asks for. `days` only for suspend (1..MAX_SUSPENSION_DAYS). */
export interface SanctionOrder {
  kind: SanctionKind;
  reason: ReportReason;
  note: string | null;
  days: number | null;
  reportId: number | null;
}

const conflict = (reason: string) => new AppError('conflict', 409, { reason });

/**
 * Changes the account as `kind` says, inside the caller's transaction, and answers what it changed
 * before and after (kept on the sanction row and in the audit log): warn changes nothing; hide sets
 * the profile's status to `blocked` (only `active` profiles are shown to others, so search, likes,
 * swipe game, match finder and profile views leave it out); suspend sets `suspended_until` to now +
 * days and ends every session; ban sets the account `banned` and ends every session.
 * @throws AppError validation_failed (400) to hide an account without a profile or suspend without days;
 *   conflict (409, data.reason) when the profile is hidden or the account banned already
 */
async function changeAccount(
  tx: Db,
  target: SanctionTarget,
  order: SanctionOrder,
  now: Date,
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; until: Date | null }> {
  const { user, profile } = target;
  switch (order.kind) {
    case 'warn':
      return { before: {}, after: {}, until: null };
    case 'hide': {
      if (!profile) throw validationFailed({ field: 'user_id', reason: 'no_profile' });
      if (profile.status === HIDDEN_PROFILE_STATUS) throw conflict('hidden_already');
      await setMemberProfileStatus(tx, user.id, HIDDEN_PROFILE_STATUS);
      return {
        before: { profile_status: profile.status },
        after: { profile_status: HIDDEN_PROFILE_STATUS },
        until: null,
      };
    }
    case 'suspend': {
      if (!order.days) throw validationFailed({ field: 'days' });
      const until = new Date(now.getTime() + order.days * DAY_SECONDS * 1000);
      await setSuspendedUntil(tx, user.id, until);
      await deleteMemberSessions(tx, user.id);
      return {
        before: { suspended_until: user.suspended_until?.toISOString() ?? null },
        after: { suspended_until: until.toISOString(), sessions_ended: true },
        until,
      };
    }
    case 'ban': {
      if (user.status === 'banned') throw conflict('banned_already');
      await setAccountStatus(tx, user.id, 'banned');
      await deleteMemberSessions(tx, user.id);
      return { before: { status: user.status }, after: { status: 'banned', sessions_ended: true }, until: null };
    }
  }
}

/**
 * Takes a sanction inside the caller's transaction: changes the account (`changeAccount`), stores
 * the member_sanctions row with `before`, and writes `sanction.apply` to the audit log. A ban also
 * drops the member's held messages (`dropped_held_messages` in the entry; never charged, never delivered). The mail
 * follows the commit (`mailSanction`).
 */
export async function recordSanction(
  tx: Db,
  input: { who: AuditWho; target: SanctionTarget; order: SanctionOrder; now: Date },
): Promise<SanctionRow> {
  const { who, target, order, now } = input;
  const change = await changeAccount(tx, target, order, now);
  // A ban drops the member's held messages (issue: safer conversations): never delivered, never charged.
  const dropped = order.kind === 'ban' ? await dropHeldMessages(tx, target.user.id, now) : [];
  const row = await insertSanction(tx, {
    site_id: target.user.site_id,
    user_id: target.user.id,
    kind: order.kind,
    reason: order.reason,
    note: order.note,
    report_id: order.reportId,
    staff_id: who.staffId,
    until: change.until,
    before: change.before,
    created_at: now,
  });
  await recordAudit(tx, who, {
    action: 'sanction.apply',
    objectType: 'sanction',
    objectId: row.id,
    siteId: row.site_id,
    memberUserId: row.user_id,
    before: change.before,
    after: {
      ...change.after,
      kind: row.kind,
      reason: row.reason,
      note: row.note,
      report_id: row.report_id,
      ...(dropped.length > 0 && { dropped_held_messages: dropped }),
    },
  });
  return row;
}

/**
 * Undoes what a sanction changed, inside the caller's transaction, unless another unrevoked sanction
 * of the same kind still holds (then that one's state stays): hide restores the profile status it
 * found, suspend the suspension end it found, ban the account status it found. Answers the state
 * after, for the audit log.
 */
export async function restoreAccount(tx: Db, sanction: SanctionRow, now: Date): Promise<Record<string, unknown>> {
  const before = sanction.before ?? {};
  if (sanction.kind === 'warn') return {};
  if (await hasOtherActiveSanction(tx, sanction.user_id, sanction.kind, sanction.id, now)) {
    return { restored: false, reason: 'another_sanction_holds' };
  }
  if (sanction.kind === 'hide') {
    const status = typeof before.profile_status === 'string' ? before.profile_status : 'active';
    await setMemberProfileStatus(tx, sanction.user_id, status, HIDDEN_PROFILE_STATUS);
    return { restored: true, profile_status: status };
  }
  if (sanction.kind === 'suspend') {
    const until = typeof before.suspended_until === 'string' ? new Date(before.suspended_until) : null;
    const kept = until && until > now ? until : null;
    await setSuspendedUntil(tx, sanction.user_id, kept);
    return { restored: true, suspended_until: kept?.toISOString() ?? null };
  }
  const status = typeof before.status === 'string' && before.status !== 'banned' ? before.status : 'confirmed';
  await setAccountStatus(tx, sanction.user_id, status, 'banned');
  return { restored: true, status };
}

/**
 * Mails the member about a sanction (kinds sanction_warn, _hide, _suspend, _ban) or its revocation
 * (`revoked`: sanction_revoked), in the member's language from their site: {{reason}} is the reason's
 * label in that language, {{note}} staff's words, {{until}} the suspension's end in the member's time
 * zone.
 */
export async function mailSanction(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  input: { target: SanctionTarget; sanction: SanctionRow; revoked?: boolean },
): Promise<void> {
  const { user, profile } = input.target;
  const { sanction } = input;
  const site = await findSiteById(deps.db, user.site_id);
  if (!site || user.erased_at) return;
  const lng = user.language;
  await sendMemberMail(deps.mailer, site, {
    to: user.email,
    kind: input.revoked ? 'sanction_revoked' : (`sanction_${sanction.kind}` as `sanction_${SanctionKind}`),
    locale: lng,
    memberName: profile?.name ?? '',
    values: {
      reason: reasonLabel(lng, sanction.reason as ReportReason),
      note: sanction.note ?? '',
      until: sanction.until ? formatMemberTime(sanction.until, lng, user.timezone) : '',
    },
  });
}
