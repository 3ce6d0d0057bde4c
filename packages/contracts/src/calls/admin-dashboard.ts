import { z } from 'zod';
import { DashboardCsvQuerySchema, DashboardQuerySchema, DashboardSchema } from '../admin/dashboard.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back office II. The dashboard: figures per site and period, with CSV export. Admins only (others
 * 403 forbidden); a site outside the account's is 404. Days are UTC days.
 */
export const adminDashboardCalls = {
  /** GET /api/admin/dashboard.php?site_id=&from=&to=: figures per site, the total and daily series. */
  dashboard: defineCall({
    method: 'GET',
    path: '/api/admin/dashboard.php',
    kind: 'json',
    staff: 'signed_in',
    query: DashboardQuerySchema,
    response: DashboardSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Dashboard: signups, activations, first purchases, revenue, payers, messages, operator response times',
    description:
      'Per site of the account (or the chosen site) and in total, for whole UTC days from `from` to `to` (default: ' +
      'the last 30 days; at most 731 days, else 400 validation_failed), with one row per day. Revenue is per ' +
      'currency in cents; response times are the median and 95th percentile of the seconds members waited for ' +
      'operator answers. Pending photos and open reports are counts of now.',
  }),
  /** GET /api/admin/dashboard-csv.php?table=&site_id=&from=&to=: one table of the dashboard as CSV. */
  dashboardCsv: defineCall({
    method: 'GET',
    path: '/api/admin/dashboard-csv.php',
    kind: 'binary',
    staff: 'signed_in',
    query: DashboardCsvQuerySchema,
    response: z
      .unknown()
      .describe('text/csv (UTF-8, comma separated, header row) with a Content-Disposition file name'),
    errors: [400, 403, 404],
    tags,
    summary: 'One table of the dashboard as CSV: sites, revenue, days or revenue_days',
  }),
} as const;
