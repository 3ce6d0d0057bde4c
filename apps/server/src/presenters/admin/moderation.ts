import {
  type EvidenceMessage,
  type PhotoQueuePage,
  type PhotoSettings,
  type RecipientWarnKind,
  type ReportAction,
  type ReportDetail,
  type ReportReason,
  type ReportStatus,
  type ReportSummary,
  type Sanction,
  type SanctionKind,
  type StaffPhoto,
  staffPhotoPath,
} from '@app/contracts';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import type { ReportParty, ReportWithParties, StoredEvidence } from '../../db/repositories/reports.js';
import type { SanctionWithStaff } from '../../db/repositories/sanctions.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { PhotoQueue } from '../../services/moderation/list-photo-queue.js';
import type { ReportView } from '../../services/moderation/view-report.js';
import { isAboveThreshold } from '../../services/photos/explicit-rules.js';
import { presentRejectReason } from '../photos.js';

/** The Sanction of the back office: what was done, why, until when, by whom, revoked or not. */
export function presentSanction({ sanction, staffEmail }: SanctionWithStaff): Sanction {
  return {
    id: sanction.id,
    site_id: sanction.site_id,
    user_id: sanction.user_id,
    kind: sanction.kind as SanctionKind,
    reason: sanction.reason as ReportReason,
    note: sanction.note,
    report_id: sanction.report_id,
    until: sanction.until?.toISOString() ?? null,
    staff_email: staffEmail,
    created_at: sanction.created_at.toISOString(),
    revoked_at: sanction.revoked_at?.toISOString() ?? null,
  };
}

/**
 * A photo as staff see it, files through GET /api/admin/photo.php, with the model's explicit score and,
 * given the site's `threshold`, whether it is above it (issue: explicit photos).
 */
export function presentStaffPhoto(photo: PhotoRow, mainPhotoId: number | null, threshold?: number): StaffPhoto {
  return {
    explicit_score: photo.explicit_score,
    ...(threshold !== undefined && { above_threshold: isAboveThreshold(photo.explicit_score, threshold) }),
    id: photo.id,
    status: photo.status as StaffPhoto['status'],
    is_private: photo.is_private,
    is_main: photo.id === mainPhotoId,
    reject_reason: photo.status === 'rejected' ? presentRejectReason(photo.reject_reason) : null,
    thumb_url: staffPhotoPath(photo.id, 'thumb'),
    full_url: staffPhotoPath(photo.id, 'full'),
    created_at: photo.created_at.toISOString(),
  };
}

/** The PhotoQueuePage of GET /api/admin/photos.php. */
export function presentPhotoQueuePage(queue: PhotoQueue, page: number): PhotoQueuePage {
  return {
    groups: queue.entries.map(({ profile, waiting, others }) => ({
      profile_id: profile.profileId,
      profile_name: profile.profileName,
      user_id: profile.userId,
      fictional: profile.fictional,
      site_id: profile.siteId,
      site_name: profile.siteName,
      waiting: waiting.map((p) => presentStaffPhoto(p, profile.mainPhotoId, profile.threshold)),
      others: others.map((p) => presentStaffPhoto(p, profile.mainPhotoId, profile.threshold)),
    })),
    total_waiting: queue.totalWaiting,
    page,
    more: queue.more,
  };
}

/** A site's automatic photo approval. */
export function presentPhotoSettings(site: SiteRow): PhotoSettings {
  return {
    site_id: site.id,
    site_name: site.name,
    domain: site.domain,
    auto_approve_photos: site.auto_approve_photos,
    explicit_photo_threshold: site.explicit_photo_threshold,
  };
}

function presentParty(party: ReportParty) {
  return { profile_id: party.profileId, user_id: party.userId, name: party.name ?? '', fictional: party.fictional };
}

/** A report in the queue (staff only: the outcome is never shown to the reporter). */
export function presentReportSummary({ report, reported, reporter }: ReportWithParties): ReportSummary {
  return {
    id: report.id,
    site_id: report.site_id,
    reason: report.reason as ReportReason,
    text: report.text,
    status: report.status as ReportStatus,
    outcome: (report.outcome as ReportAction | null) ?? null,
    reported: presentParty(reported),
    reporter: presentParty(reporter),
    evidence_count: report.evidence.length,
    signal: (report.signal as RecipientWarnKind | null) ?? null,
    created_at: report.created_at.toISOString(),
    handled_at: report.handled_at?.toISOString() ?? null,
  };
}

function presentEvidence(
  message: StoredEvidence,
  reportedProfileId: number,
  reportedId: number | null,
): EvidenceMessage {
  return {
    id: message.id,
    from_reported: message.sender_profile_id === reportedProfileId,
    reported: message.reported ?? message.id === reportedId,
    kind: message.kind,
    body: message.body,
    created_at: message.created_at,
  };
}

/** The ReportDetail of GET /api/admin/report.php. */
export function presentReportDetail(view: ReportView): ReportDetail {
  const { report, account } = view;
  const row = report.report;
  return {
    report: presentReportSummary(report),
    evidence: (row.evidence as StoredEvidence[]).map((m) =>
      presentEvidence(m, row.reported_profile_id, row.message_id),
    ),
    handled_by: report.handledBy,
    account: {
      user_id: account?.id ?? null,
      email: account?.email ?? null,
      account_status: account?.status ?? null,
      profile_status: report.reported.profileStatus ?? 'deleted',
      suspended_until: account?.suspended_until?.toISOString() ?? null,
    },
    other_reports: view.otherReports.map(presentReportSummary),
    sanctions: view.sanctions.map(presentSanction),
    notes: view.notes.map((n) => ({
      id: n.id,
      text: n.text,
      staff_name: n.staff_name,
      created_at: n.created_at.toISOString(),
    })),
  };
}
