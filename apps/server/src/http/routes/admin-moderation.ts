import { adminModerationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentPhotoQueuePage,
  presentPhotoSettings,
  presentReportDetail,
  presentReportSummary,
  presentSanction,
} from '../../presenters/admin/moderation.js';
import { presentVerificationQueue } from '../../presenters/verification.js';
import { applySanction } from '../../services/moderation/apply-sanction.js';
import { decidePhotos } from '../../services/moderation/decide-photos.js';
import { decideVerification } from '../../services/moderation/decide-verification.js';
import { handleReport } from '../../services/moderation/handle-report.js';
import { listPhotoQueue } from '../../services/moderation/list-photo-queue.js';
import { listPhotoSettings } from '../../services/moderation/list-photo-settings.js';
import { listReports } from '../../services/moderation/list-reports.js';
import { listVerificationQueue } from '../../services/moderation/list-verification-queue.js';
import { readStaffPhoto } from '../../services/moderation/read-staff-photo.js';
import { readVerificationSelfie } from '../../services/moderation/read-verification-selfie.js';
import { revokeSanction } from '../../services/moderation/revoke-sanction.js';
import { setPhotoSettings } from '../../services/moderation/set-photo-settings.js';
import { viewReport } from '../../services/moderation/view-report.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/** Seconds a staff browser may keep a photo it was shown (never a shared cache). */
const STAFF_PHOTO_CACHE_SECONDS = 300;

/** Back office I: photo queue, reports, sanctions (docs/decisions/010-back-office.md). */
export const adminModerationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const calls = adminModerationCalls;

  registerCall(app, calls.applySanction, async (req) => {
    const { actor, who } = requireStaff(req);
    const b = req.body;
    const sanction = await applySanction(deps, {
      actor,
      who,
      request: { userId: b.user_id, kind: b.kind, reason: b.reason, note: b.note, days: b.days, reportId: b.report_id },
    });
    return { sanction: presentSanction(sanction) };
  });

  registerCall(app, calls.revokeSanction, async (req) => {
    const { actor, who } = requireStaff(req);
    return { sanction: presentSanction(await revokeSanction(deps, { actor, who, id: req.body.id })) };
  });

  registerCall(app, calls.photoQueue, async (req) => {
    const { actor } = requireStaff(req);
    const queue = await listPhotoQueue(deps, { actor, siteId: req.query.site_id, page: req.query.page });
    return presentPhotoQueuePage(queue, req.query.page);
  });

  registerCall(app, calls.decidePhotos, async (req) => {
    const { actor, who } = requireStaff(req);
    const changed = await decidePhotos(deps, { actor, who, decision: req.body });
    return { changed };
  });

  registerCall(app, calls.staffPhoto, async (req, reply) => {
    const { actor, who } = requireStaff(req);
    const photo = await readStaffPhoto(deps, { actor, who, id: req.query.id, size: req.query.size });
    reply.header('cache-control', `private, max-age=${STAFF_PHOTO_CACHE_SECONDS}`);
    return reply.type(photo.contentType).send(photo.data);
  });

  registerCall(app, calls.photoSettings, async (req) => {
    const { actor } = requireStaff(req);
    return (await listPhotoSettings(deps, { actor })).map(presentPhotoSettings);
  });

  registerCall(app, calls.setPhotoSettings, async (req) => {
    const { actor, who } = requireStaff(req);
    const site = await setPhotoSettings(deps, {
      actor,
      who,
      siteId: req.body.site_id,
      on: req.body.auto_approve_photos,
      threshold: req.body.explicit_photo_threshold,
    });
    return presentPhotoSettings(site);
  });

  registerCall(app, calls.reports, async (req) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    const found = await listReports(deps, { actor, status: q.status, siteId: q.site_id, page: q.page });
    return { reports: found.reports.map(presentReportSummary), page: q.page, more: found.more };
  });

  registerCall(app, calls.report, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentReportDetail(await viewReport(deps, { actor, who, id: req.query.id }));
  });

  registerCall(app, calls.handleReport, async (req) => {
    const { actor, who } = requireStaff(req);
    const result = await handleReport(deps, { actor, who, decision: req.body });
    return {
      report: presentReportSummary(result.report),
      sanction: result.sanction ? presentSanction(result.sanction) : null,
    };
  });

  registerCall(app, calls.verificationQueue, async (req) => {
    const { actor } = requireStaff(req);
    const queue = await listVerificationQueue(deps, { actor, siteId: req.query.site_id, page: req.query.page });
    return presentVerificationQueue(queue, req.query.page);
  });

  registerCall(app, calls.decideVerification, async (req) => {
    const { actor, who } = requireStaff(req);
    const status = await decideVerification(deps, { actor, who, id: req.body.id, decision: req.body.decision });
    return { id: req.body.id, status };
  });

  registerCall(app, calls.verificationSelfie, async (req, reply) => {
    const { actor, who } = requireStaff(req);
    const data = await readVerificationSelfie(deps, { actor, who, id: req.query.id });
    // Never kept by the browser: the selfie is deleted when decided.
    reply.header('cache-control', 'no-store');
    return reply.type('image/jpeg').send(data);
  });
};
