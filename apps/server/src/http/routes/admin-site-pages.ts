import { adminSitePageCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentAdminSitePage, presentAdminSitePageList } from '../../presenters/admin/site-pages.js';
import { deleteSitePageText } from '../../services/site-admin/delete-site-page.js';
import { listAdminSitePages } from '../../services/site-admin/list-site-pages.js';
import { saveSitePage } from '../../services/site-admin/save-site-page.js';
import { viewSitePage } from '../../services/site-admin/view-site-page.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/**
 * Back office: the public pages' texts per site and language (issue: public site). Admins only; the
 * use cases check the role, site, slug and language, write the audit log and announce the change.
 */
export const adminSitePageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, adminSitePageCalls.list, async (req) => {
    const { actor } = requireStaff(req);
    return presentAdminSitePageList(await listAdminSitePages(deps, { actor, siteId: req.query.site_id }));
  });

  registerCall(app, adminSitePageCalls.detail, async (req) => {
    const { actor } = requireStaff(req);
    const { site_id: siteId, slug, language } = req.query;
    return presentAdminSitePage(await viewSitePage(deps, { actor, siteId, slug, language }));
  });

  registerCall(app, adminSitePageCalls.save, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentAdminSitePage(await saveSitePage(deps, { actor, who, body: req.body }));
  });

  registerCall(app, adminSitePageCalls.remove, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentAdminSitePage(await deleteSitePageText(deps, { actor, who, body: req.body }));
  });
};
