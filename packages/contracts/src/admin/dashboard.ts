/**
 * Wire shapes of the back office's dashboard (issue: back office II): figures per site and in total
 * for a period of whole UTC days, daily series, and the CSV export of each table
 * (GET /api/admin/dashboard.php, GET /api/admin/dashboard-csv.php). Money is in cents per currency,
 * waits in seconds.
 */
import { z } from 'zod';
import { text } from '../text.js';
import { OptionalIdField } from './access.js';

/** Days the dashboard shows when no period is chosen (the last 30 UTC days, today included). */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period the dashboard answers, in days (about two years). */
export const DASHBOARD_MAX_DAYS = 731;
/** The period presets of the dashboard's picker, in days. */
export const DASHBOARD_PRESET_DAYS = [7, 30, 90, 365] as const;

/** Whole days from `from` to `to` (YYYY-MM-DD), both included. */
export function dashboardDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A UTC day of the years the dashboard can show (YYYY-MM-DD, 2000 to 2999). */
const DayField = z.iso.date().refine((d) => d >= '2000-01-01' && d <= '2999-12-31', { message: 'out_of_range' });

const periodFields = {
  site_id: OptionalIdField,
  from: DayField.optional().describe('first UTC day (YYYY-MM-DD); default: 29 days before `to`'),
  to: DayField.optional().describe('last UTC day, included (YYYY-MM-DD); default: today (UTC)'),
};

type Period = { from?: string | undefined; to?: string | undefined };

/** `from` not after `to`, and at most DASHBOARD_MAX_DAYS days. */
function validPeriod(q: Period): boolean {
  if (!q.from || !q.to) return true;
  const days = dashboardDays(q.from, q.to);
  return days >= 1 && days <= DASHBOARD_MAX_DAYS;
}

const periodRule = { message: 'period', path: ['from'] };

/** GET /api/admin/dashboard.php: the site (default: every site of the account) and the period. */
export const DashboardQuerySchema = z.object(periodFields).refine(validPeriod, periodRule);
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** The tables of the dashboard, each exported as CSV. */
export const DASHBOARD_TABLES = [
  'sites',
  'revenue',
  'member_days',
  'message_days',
  'response_days',
  'revenue_days',
] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

/** GET /api/admin/dashboard-csv.php: the dashboard's query plus the table to export. */
export const DashboardCsvQuerySchema = z
  .object({ ...periodFields, table: z.enum(DASHBOARD_TABLES) })
  .refine(validPeriod, periodRule);
export type DashboardCsvQuery = z.infer<typeof DashboardCsvQuerySchema>;

/** Paid payments in one currency: count, paid amount, what was refunded of them, and the rest. */
export const DashboardRevenueSchema = z.object({
  currency: text(),
  payments: z.number().int(),
  gross_cents: z.number().int().describe('cents paid'),
  refunded_cents: z.number().int().describe('cents refunded of these payments (to date)'),
  net_cents: z.number().int().describe('gross_cents - refunded_cents'),
});
export type DashboardRevenue = z.infer<typeof DashboardRevenueSchema>;

const countsFields = {
  signups: z.number().int(),
  activations: z.number().int().describe('members who confirmed their e-mail address (users.confirmed_at)'),
  first_purchases: z.number().int().describe("members' first paid payment"),
  paying_members: z.number().int().describe('distinct members with a paid payment'),
  member_to_member: z.number().int(),
  member_to_fictional: z.number().int(),
  operator_answers: z.number().int().describe('messages of fictional profiles, written by operators'),
  timed_answers: z.number().int().describe('operator answers with a recorded wait'),
  median_response_seconds: z.number().nullable().describe('median wait for an operator answer, seconds'),
  p95_response_seconds: z.number().nullable().describe('95th percentile of the wait, seconds'),
  revenue: z.array(DashboardRevenueSchema),
};

/** The figures of one UTC day. */
export const DashboardDaySchema = z.object({ day: z.iso.date(), ...countsFields });
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** The figures of a period; pending_photos and open_reports are now, whatever the period. */
export const DashboardFiguresSchema = z.object({
  ...countsFields,
  pending_photos: z.number().int(),
  open_reports: z.number().int(),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

/** One site's figures. */
export const DashboardSiteSchema = DashboardFiguresSchema.extend({
  site_id: z.number().int(),
  domain: text(),
  name: text(),
});
export type DashboardSite = z.infer<typeof DashboardSiteSchema>;

/** GET /api/admin/dashboard.php: per site, the total, and the daily series of the chosen scope. */
export const DashboardSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    time_zone: z.literal('UTC').describe('days are UTC days'),
    site_id: z.number().int().nullable().describe('the chosen site; null: every site of the account'),
    sites: z.array(DashboardSiteSchema),
    total: DashboardFiguresSchema.describe('all sites of the answer together'),
    days: z.array(DashboardDaySchema).describe('every day of the period, of the chosen site or all'),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;

/** A cell of a dashboard table: a number (counts, cents, seconds), a text, or empty. */
export type DashboardCell = string | number | null;

/** One table of the dashboard: column keys (CSV header, catalogue keys of the back office) and rows. */
export interface DashboardTableData {
  columns: readonly string[];
  rows: DashboardCell[][];
}

const COUNT_COLUMNS = [
  'signups',
  'activations',
  'first_purchases',
  'paying_members',
  'member_to_member',
  'member_to_fictional',
  'operator_answers',
  'timed_answers',
  'median_response_seconds',
  'p95_response_seconds',
] as const;

const MEMBER_COLUMNS = ['signups', 'activations', 'first_purchases', 'paying_members'] as const;
const MESSAGE_COLUMNS = ['member_to_member', 'member_to_fictional', 'operator_answers'] as const;
const RESPONSE_COLUMNS = ['timed_answers', 'median_response_seconds', 'p95_response_seconds'] as const;

const REVENUE_COLUMNS = ['currency', 'payments', 'gross_cents', 'refunded_cents', 'net_cents'] as const;

function revenueCells(r: DashboardRevenue): DashboardCell[] {
  return [r.currency, r.payments, r.gross_cents, r.refunded_cents, r.net_cents];
}

/** One row per day of the period with the figures `columns`. */
function perDay(d: Dashboard, columns: readonly (keyof DashboardDay & (typeof COUNT_COLUMNS)[number])[]) {
  return { columns: ['day', ...columns], rows: d.days.map((day) => [day.day, ...columns.map((c) => day[c])]) };
}

/**
 * The rows of one dashboard table, the same for the back office's tables and the CSV export:
 * `sites` one row per site and a last `total` row; `revenue` per site and currency, then the
 * totals per currency; `member_days`, `message_days` and `response_days` one row per day (the data
 * of the charts); `revenue_days` per day and currency (days with payments only).
 */
export function dashboardTable(d: Dashboard, table: DashboardTable): DashboardTableData {
  switch (table) {
    case 'sites':
      return {
        columns: ['site_id', 'domain', ...COUNT_COLUMNS, 'pending_photos', 'open_reports'],
        rows: [
          ...d.sites.map((s) => [
            s.site_id,
            s.domain,
            ...COUNT_COLUMNS.map((c) => s[c]),
            s.pending_photos,
            s.open_reports,
          ]),
          [null, 'total', ...COUNT_COLUMNS.map((c) => d.total[c]), d.total.pending_photos, d.total.open_reports],
        ],
      };
    case 'revenue':
      return {
        columns: ['site_id', 'domain', ...REVENUE_COLUMNS],
        rows: [
          ...d.sites.flatMap((s) => s.revenue.map((r) => [s.site_id, s.domain, ...revenueCells(r)])),
          ...d.total.revenue.map((r) => [null, 'total', ...revenueCells(r)]),
        ],
      };
    case 'member_days':
      return perDay(d, MEMBER_COLUMNS);
    case 'message_days':
      return perDay(d, MESSAGE_COLUMNS);
    case 'response_days':
      return perDay(d, RESPONSE_COLUMNS);
    case 'revenue_days':
      return {
        columns: ['day', ...REVENUE_COLUMNS],
        rows: d.days.flatMap((day) => day.revenue.map((r) => [day.day, ...revenueCells(r)])),
      };
  }
}
