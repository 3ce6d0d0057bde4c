import { adminDashboardCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentDashboard, presentDashboardCsv } from '../../presenters/admin/dashboard.js';
import { readDashboard } from '../../services/dashboard/read-dashboard.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/** Back office II. The dashboard: figures per site and period, with CSV export. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const calls = adminDashboardCalls;

  registerCall(app, calls.dashboard, async (req) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    return presentDashboard(await readDashboard(deps, { actor, siteId: q.site_id, from: q.from, to: q.to }));
  });

  registerCall(app, calls.dashboardCsv, async (req, reply) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    const dashboard = presentDashboard(await readDashboard(deps, { actor, siteId: q.site_id, from: q.from, to: q.to }));
    const csv = presentDashboardCsv(dashboard, q.table);
    reply.header('content-disposition', `attachment; filename="${csv.filename}"`);
    reply.header('cache-control', 'private, no-store');
    return reply.type('text/csv; charset=utf-8').send(csv.body);
  });
};
