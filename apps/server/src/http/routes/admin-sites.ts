import { adminSiteCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentAdminCompany, presentAdminSite, presentAdminSiteRow } from '../../presenters/admin/sites.js';
import { createSite } from '../../services/site-admin/create-site.js';
import { listAdminSites } from '../../services/site-admin/list-admin-sites.js';
import { listCompanies } from '../../services/site-admin/list-companies.js';
import { setSiteLogo } from '../../services/site-admin/set-site-logo.js';
import { updateCompany } from '../../services/site-admin/update-company.js';
import { updateSite } from '../../services/site-admin/update-site.js';
import { viewSite } from '../../services/site-admin/view-site.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/**
 * Back office II. Sites: create a site, edit its settings (SPEC.md 3 Settings), look, prices and its
 * company. Admins only; the use cases check the role and site, write the audit log and announce the
 * change to every instance.
 */
export const adminSiteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, adminSiteCalls.list, async (req) => {
    const { actor } = requireStaff(req);
    return (await listAdminSites(deps, { actor })).map(presentAdminSiteRow);
  });

  registerCall(app, adminSiteCalls.create, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentAdminSite(await createSite(deps, { actor, who, body: req.body }));
  });

  registerCall(app, adminSiteCalls.detail, async (req) => {
    const { actor } = requireStaff(req);
    return presentAdminSite(await viewSite(deps, { actor, siteId: req.query.id }));
  });

  registerCall(app, adminSiteCalls.update, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentAdminSite(await updateSite(deps, { actor, who, body: req.body }));
  });

  registerCall(app, adminSiteCalls.logo, async (req) => {
    const { actor, who } = requireStaff(req);
    const view = await setSiteLogo(deps, { actor, who, siteId: req.body.id, imageBase64: req.body.image });
    return presentAdminSite(view);
  });

  registerCall(app, adminSiteCalls.companies, async (req) => {
    const { actor } = requireStaff(req);
    return (await listCompanies(deps, { actor })).map(presentAdminCompany);
  });

  registerCall(app, adminSiteCalls.updateCompany, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, ...changes } = req.body;
    return presentAdminCompany(await updateCompany(deps, { actor, who, companyId: id, changes }));
  });
};
