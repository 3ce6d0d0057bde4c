import {
  adminModerationCalls,
  type HandleReportBody,
  type PhotoDecisionBody,
  type ReportStatus,
  type VerificationDecisionBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the moderation screens, under ['admin', 'moderation']. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  photos: (siteId: number | undefined, page: number) =>
    ['admin', 'moderation', 'photos', siteId ?? null, page] as const,
  photoSettings: ['admin', 'moderation', 'photo-settings'] as const,
  verifications: (siteId: number | undefined, page: number) =>
    ['admin', 'moderation', 'verifications', siteId ?? null, page] as const,
  reports: (status: ReportStatus, siteId: number | undefined, page: number) =>
    ['admin', 'moderation', 'reports', status, siteId ?? null, page] as const,
  report: (id: number) => ['admin', 'moderation', 'report', id] as const,
};

/** GET /api/admin/photos.php: one page of the photo queue. */
export const photoQueueQuery = (siteId: number | undefined, page: number) =>
  queryOptions({
    queryKey: moderationKeys.photos(siteId, page),
    queryFn: () => call(adminModerationCalls.photoQueue, { query: { site_id: siteId, page } }),
  });

/** GET /api/admin/photo-settings.php: automatic approval per site. */
export const photoSettingsQuery = queryOptions({
  queryKey: moderationKeys.photoSettings,
  queryFn: () => call(adminModerationCalls.photoSettings),
});

/** GET /api/admin/reports.php: one page of the report queue. */
export const reportsQuery = (status: ReportStatus, siteId: number | undefined, page: number) =>
  queryOptions({
    queryKey: moderationKeys.reports(status, siteId, page),
    queryFn: () => call(adminModerationCalls.reports, { query: { status, site_id: siteId, page } }),
  });

/** GET /api/admin/report.php: a report with evidence and history (audited on the server). */
export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: moderationKeys.report(id),
    queryFn: () => call(adminModerationCalls.report, { query: { id } }),
    staleTime: 0,
  });

/** Refreshes every moderation screen after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: moderationKeys.all });
}

/** POST /api/admin/photos.php: approve or reject photos. */
export function useDecidePhotos() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PhotoDecisionBody) => call(adminModerationCalls.decidePhotos, { body }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/photo-settings.php: automatic approval of one site. */
export function useSetPhotoSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { site_id: number; auto_approve_photos: boolean; explicit_photo_threshold?: number }) =>
      call(adminModerationCalls.setPhotoSettings, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/report.php: dismiss a report or sanction the reported member. */
export function useHandleReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: HandleReportBody) => call(adminModerationCalls.handleReport, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/sanction-revoke.php: reverse a measure (admins). */
export function useRevokeSanction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(adminModerationCalls.revokeSanction, { body: { id } }),
    onSuccess: refresh,
  });
}

/** GET /api/admin/verifications.php: selfies waiting for a moderator (issue: verified members). */
export const verificationQueueQuery = (siteId: number | undefined, page: number) =>
  queryOptions({
    queryKey: moderationKeys.verifications(siteId, page),
    queryFn: () => call(adminModerationCalls.verificationQueue, { query: { site_id: siteId, page } }),
  });

/** POST /api/admin/verifications.php: approve or reject a selfie; the queue is fetched again. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationDecisionBody) => call(adminModerationCalls.decideVerification, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...moderationKeys.all, 'verifications'] }),
  });
}
