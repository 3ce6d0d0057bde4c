import {
  type AdminConversationMessage,
  type AdminCreditAdjustResult,
  type AdminLedgerEntry,
  type AdminMemberConversation,
  type AdminMemberConversationView,
  type AdminMemberDetail,
  type AdminMemberNote,
  type AdminMemberPage,
  type AdminMemberPhoto,
  type AdminMemberProfile,
  ageOn,
  type Sanction,
  staffPhotoPath,
} from '@app/contracts';
import type { LedgerRow } from '../../db/repositories/credit-ledger.js';
import type {
  MemberConversationRow,
  MemberReportRow,
  MemberSanctionRow,
  MemberSearchRow,
  StaffNoteRow,
} from '../../db/repositories/member-admin.js';
import type { MessageWithGift } from '../../db/repositories/messages.js';
import type { PhotoRow, ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { MemberConversationRead } from '../../services/staff-members/read-member-conversation.js';
import type { MemberDetail } from '../../services/staff-members/view-member.js';
import { presentGift, textLanguage } from '../message.js';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** One page of the member search. */
export function presentMemberPage(result: { rows: MemberSearchRow[]; more: boolean }, page: number): AdminMemberPage {
  return {
    page,
    more: result.more,
    members: result.rows.map((r) => ({
      id: r.id,
      site_id: r.site_id,
      site_name: r.site_name,
      email: r.email,
      profile_id: r.profile_id,
      name: r.name,
      status: r.status,
      profile_status: r.profile_status,
      paid_user: r.paid_user,
      credits: r.credits,
      signup_date: r.signup_date.toISOString(),
      last_active_at: iso(r.last_active_at),
    })),
  };
}

/** A public file name under the site's cdn_prefix, as the member site builds it (features/members/photo-url.ts). */
function publicUrl(site: Pick<SiteRow, 'cdn_prefix'>, name: string): string {
  return name.startsWith('/') ? name : `${site.cdn_prefix}${name}`;
}

/** A member's photo for staff: private files only through GET /api/admin/photo.php. */
export function presentMemberPhoto(
  photo: PhotoRow,
  site: Pick<SiteRow, 'cdn_prefix'>,
  mainPhotoId: number | null,
): AdminMemberPhoto {
  // Private files only through the staff photo call (audit-logged; the moderation area serves it).
  const privateUrl = (size: 'thumb' | 'full') => staffPhotoPath(photo.id, size);
  return {
    id: photo.id,
    status: photo.status,
    reject_reason: photo.reject_reason,
    is_private: photo.is_private,
    is_main: photo.id === mainPhotoId,
    position: photo.position,
    thumb_url: photo.is_private ? privateUrl('thumb') : publicUrl(site, photo.thumb_filename),
    url: photo.is_private ? privateUrl('full') : publicUrl(site, photo.filename),
    created_at: photo.created_at.toISOString(),
  };
}

function presentMemberProfile(p: ProfileRow, now: Date): AdminMemberProfile {
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.date_of_birth,
    age: ageOn(p.date_of_birth, now),
    country: p.country,
    region: p.region,
    city: p.city,
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    tattoos: p.tattoos,
    reason: p.reason,
    interests: p.interests,
    description: p.description,
    main_photo_id: p.main_photo_id,
    last_active_at: iso(p.last_active_at),
    created_at: p.created_at.toISOString(),
  };
}

/** A credit ledger row. */
export function presentLedgerEntry(row: LedgerRow): AdminLedgerEntry {
  return {
    id: row.id,
    delta: row.delta,
    balance_after: row.balance_after,
    reason: row.reason,
    reference: row.reference,
    created_at: row.created_at.toISOString(),
  };
}

/** A staff note. */
export function presentMemberNote(row: StaffNoteRow): AdminMemberNote {
  return { id: row.id, staff_name: row.staff_name, text: row.text, created_at: row.created_at.toISOString() };
}

function presentReport(row: MemberReportRow, profileId: number | null): AdminMemberDetail['reports'][number] {
  return {
    id: row.id,
    direction: row.reported_profile_id === profileId ? 'against' : 'by',
    reason: row.reason,
    text: row.text,
    status: row.status,
    outcome: row.outcome,
    reporter_user_id: row.reporter_user_id,
    reported_profile_id: row.reported_profile_id,
    reported_name: row.reported_name,
    message_id: row.message_id,
    created_at: row.created_at.toISOString(),
    handled_at: iso(row.handled_at),
  };
}

function presentSanction(row: MemberSanctionRow): Sanction {
  return {
    id: row.id,
    site_id: row.site_id,
    user_id: row.user_id,
    kind: row.kind as Sanction['kind'],
    reason: row.reason as Sanction['reason'],
    note: row.note,
    report_id: row.report_id,
    until: iso(row.until),
    staff_email: row.staff_email,
    created_at: row.created_at.toISOString(),
    revoked_at: iso(row.revoked_at),
  };
}

/** Everything staff see of one member (GET /api/admin/member.php). */
export function presentMemberDetail(d: MemberDetail, now = new Date()): AdminMemberDetail {
  const { user, site, profile } = d;
  return {
    account: {
      id: user.id,
      site_id: user.site_id,
      site_name: site.name,
      site_domain: site.domain,
      email: user.email,
      status: user.status,
      language: user.language,
      credits: user.credits,
      paid_user: user.paid_user,
      invisible: user.invisible,
      notifications_disabled: user.notifications_disabled,
      signup_date: user.signup_date.toISOString(),
      confirmed_at: iso(user.confirmed_at),
      last_active_at: iso(user.last_active_at ?? profile?.last_active_at),
      suspended_until: iso(user.suspended_until),
      deletion_requested_at: iso(user.deletion_requested_at),
      erased_at: iso(user.erased_at),
    },
    profile: profile ? presentMemberProfile(profile, now) : null,
    photos: d.photos.map((p) => presentMemberPhoto(p, site, profile?.main_photo_id ?? null)),
    payments: d.payments.map((p) => ({
      id: p.id,
      status: p.status,
      credits: p.credits,
      amount_cents: p.amount_cents,
      refunded_cents: p.refunded_cents,
      currency: p.currency,
      method: p.method,
      flow: p.flow,
      discount_percentage: p.discount_percentage,
      created_at: p.created_at.toISOString(),
      paid_at: iso(p.paid_at),
    })),
    ledger: d.ledger.map(presentLedgerEntry),
    reports: d.reports.map((r) => presentReport(r, profile?.id ?? null)),
    sanctions: d.sanctions.map(presentSanction),
    notes: d.notes.map(presentMemberNote),
  };
}

/** One conversation of the member in the list. */
export function presentMemberConversation(row: MemberConversationRow): AdminMemberConversation {
  return {
    id: row.conversation.id,
    partner_profile_id: row.partner.id,
    partner_user_id: row.partner.user_id,
    partner_name: row.partner.name,
    partner_fictional: row.partner.is_fictional,
    message_count: row.messageCount,
    last_message_at: iso(row.conversation.last_message_at),
    created_at: row.conversation.created_at.toISOString(),
  };
}

function presentConversationMessage(
  { message, gift }: MessageWithGift,
  site: SiteRow,
  memberProfileId: number,
  locale: string,
): AdminConversationMessage {
  return {
    id: message.id,
    sender_profile_id: message.sender_profile_id,
    from_member: message.sender_profile_id === memberProfileId,
    kind: message.kind,
    body: message.body,
    gift: gift ? { ...presentGift(gift, textLanguage(locale, site)), image: publicUrl(site, gift.image) } : null,
    photo_thumb_url: message.photo_thumb_filename ? publicUrl(site, message.photo_thumb_filename) : null,
    photo_url: message.photo_filename ? publicUrl(site, message.photo_filename) : null,
    credits_spent: message.credits_spent,
    created_at: message.created_at.toISOString(),
  };
}

/** A conversation read by staff (GET /api/admin/member-conversation.php); gift names in the staff's `locale`. */
export function presentMemberConversationView(
  read: MemberConversationRead,
  locale: string,
): AdminMemberConversationView {
  return {
    conversation: presentMemberConversation(read),
    member_profile_id: read.memberProfileId,
    messages: read.messages.map((m) => presentConversationMessage(m, read.site, read.memberProfileId, locale)),
    truncated: read.truncated,
  };
}

/** The answer of a credit adjustment. */
export function presentCreditAdjustment(result: { credits: number; entry: LedgerRow }): AdminCreditAdjustResult {
  return { credits: result.credits, entry: presentLedgerEntry(result.entry) };
}
