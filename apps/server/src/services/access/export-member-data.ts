import { type DataExport, privatePhotoPath } from '@app/contracts';
import { listLedger } from '../../db/repositories/credit-ledger.js';
import { listMemberActivity } from '../../db/repositories/member-activity.js';
import { listOutbox } from '../../db/repositories/outbox.js';
import { findProfileByUserId, listPhotos } from '../../db/repositories/profiles.js';
import { listUserSessions } from '../../db/repositories/sessions.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { listAttempts } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import type { LinkBuilder } from '../sites/site-url.js';

/** Mails listed in an export at most (the newest). */
const EXPORT_MAILS = 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** JSON-safe copy of a row: dates become ISO strings. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/**
 * Everything stored about a member (GDPR Art. 15 access, Art. 20 portability; DECISIONS.md): the
 * account without its password hash, tracking, the profile with photos (file names and URLs under
 * the site's configured origin + cdn_prefix), the credit ledger, sessions (no token hashes), mails sent to them,
 * likes given and received, blocks made, messages sent and verification attempts (never a selfie). Input: `{ site, user, now, links }`
 * (now: the clock's time, written as exported_at; links: the site's link builder).
 */
export async function exportMemberData(
  { db }: Pick<AppDeps, 'db'>,
  input: { site: SiteRow; user: UserRow; now: Date; links: LinkBuilder },
): Promise<DataExport> {
  const { site, user } = input;
  const ctx = input;
  const own = await findProfileByUserId(db, user.id);
  const [photos, ledger, sessions, mails, activity, attempts] = await Promise.all([
    own ? listPhotos(db, own.profile.id, true) : Promise.resolve([]),
    listLedger(db, user.id),
    listUserSessions(db, user.id),
    listOutbox(db, { limit: EXPORT_MAILS, recipient: user.email }),
    own ? listMemberActivity(db, own.profile.id) : Promise.resolve({ given: [], received: [], blocked: [], sent: [] }),
    own ? listAttempts(db, own.profile.id) : Promise.resolve([]),
  ]);
  const cdn = ctx.links(site.cdn_prefix);
  return {
    exported_at: ctx.now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      language: user.language,
      status: user.status,
      credits: user.credits,
      paid_user: user.paid_user,
      signup_date: user.signup_date.toISOString(),
      confirmed_at: iso(user.confirmed_at),
      password_changed_at: iso(user.password_changed_at),
      last_active_at: iso(user.last_active_at),
      notifications_disabled: user.notifications_disabled,
      signup_message: user.signup_message,
      signup_profile_id: user.signup_profile_id,
      deletion_requested_at: iso(user.deletion_requested_at),
    },
    tracking: user.tracking ?? null,
    profile: own ? plain(own.profile) : null,
    photos: photos.map((p) => ({
      filename: p.filename,
      match_filename: p.match_filename,
      thumb_filename: p.thumb_filename,
      // A private photo is served to its owner by the private-photo call, never under the CDN prefix.
      url: p.is_private ? ctx.links(privatePhotoPath(p.id, 'full')) : `${cdn}${p.filename}`,
      status: p.status,
      is_private: p.is_private,
      created_at: p.created_at.toISOString(),
    })),
    credit_ledger: ledger.map((l) => ({
      delta: l.delta,
      balance_after: l.balance_after,
      reason: l.reason,
      reference: l.reference,
      created_at: l.created_at.toISOString(),
    })),
    sessions: sessions.map((s) => ({
      created_at: s.created_at.toISOString(),
      last_seen_at: s.last_seen_at.toISOString(),
      expires_at: s.expires_at.toISOString(),
      ip: s.ip,
      user_agent: s.user_agent,
    })),
    mails: mails.map((m) => ({
      kind: m.kind,
      subject: m.subject,
      text: m.text,
      created_at: m.created_at.toISOString(),
      sent_at: iso(m.sent_at),
    })),
    likes_given: activity.given.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
    likes_received: activity.received.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
    blocks: activity.blocked.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    messages_sent: activity.sent.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
    verifications: attempts.map((a) => ({
      status: a.status,
      pose: a.pose,
      score: a.score,
      head_angles: a.head_angles,
      pose_matched: a.pose_matched,
      created_at: a.created_at.toISOString(),
      decided_at: iso(a.decided_at),
    })),
  };
}
