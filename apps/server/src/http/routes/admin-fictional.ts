import { adminFictionalCalls as calls } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentFictionalDetail,
  presentFictionalPage,
  presentFictionalPhotos,
  presentFictionalSite,
} from '../../presenters/admin/fictional.js';
import { addFictionalPhoto } from '../../services/fictional/add-fictional-photo.js';
import { deleteFictionalPhoto, updateFictionalPhoto } from '../../services/fictional/change-fictional-photo.js';
import { copyFictionalProfile } from '../../services/fictional/copy-fictional-profile.js';
import { createFictionalProfile } from '../../services/fictional/create-fictional-profile.js';
import { fictionalSiteOptions } from '../../services/fictional/fictional-site-options.js';
import { listFictionalProfilesFor } from '../../services/fictional/list-fictional-profiles.js';
import { loadFictionalFor } from '../../services/fictional/load-fictional.js';
import { updateFictionalProfile } from '../../services/fictional/update-fictional-profile.js';
import { viewFictionalProfile } from '../../services/fictional/view-fictional-profile.js';
import { requireStaff } from '../context.js';
import { readMultipartUpload } from '../multipart.js';
import { registerCall } from '../register-call.js';

/**
 * Back office II, fictional profiles: list, detail, the editor's site options, create, update,
 * photos and the copy to another site. The use cases check the role and the site and write the audit log.
 */
export const adminFictionalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock, config } = deps;
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });

  registerCall(app, calls.list, async (req) => {
    const { actor } = requireStaff(req);
    const { q, site_id, status, page } = req.query;
    const result = await listFictionalProfilesFor(deps, { actor, q, siteId: site_id, status, page });
    return presentFictionalPage(result, page, clock.now());
  });

  registerCall(app, calls.detail, async (req) => {
    const { actor } = requireStaff(req);
    return presentFictionalDetail(await viewFictionalProfile(deps, { actor, id: req.query.id }), clock.now());
  });

  registerCall(app, calls.site, async (req) => {
    const { actor } = requireStaff(req);
    return presentFictionalSite(await fictionalSiteOptions(db, { actor, siteId: req.query.site_id }));
  });

  registerCall(app, calls.create, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentFictionalDetail(await createFictionalProfile(deps, { actor, who, body: req.body }), clock.now());
  });

  registerCall(app, calls.update, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentFictionalDetail(await updateFictionalProfile(deps, { actor, who, body: req.body }), clock.now());
  });

  registerCall(app, calls.uploadPhoto, async (req) => {
    const { actor, who } = requireStaff(req);
    // The role and the profile first: a refused upload is never read.
    await loadFictionalFor(db, { actor, action: 'update', id: req.query.id });
    const { data, fields } = await readMultipartUpload(req, config.photos.maxMegabytes);
    const isPrivate = fields.is_private === 'true';
    return presentFictionalPhotos(await addFictionalPhoto(deps, { actor, who, id: req.query.id, data, isPrivate }));
  });

  registerCall(app, calls.updatePhoto, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentFictionalPhotos(await updateFictionalPhoto(deps, { actor, who, body: req.body }));
  });

  registerCall(app, calls.deletePhoto, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, photo } = req.body;
    return presentFictionalPhotos(await deleteFictionalPhoto(deps, { actor, who, id, photo }));
  });

  registerCall(app, calls.copy, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, site_id } = req.body;
    const copy = await copyFictionalProfile(deps, { actor, who, id, siteId: site_id });
    return presentFictionalDetail(copy, clock.now());
  });
};
