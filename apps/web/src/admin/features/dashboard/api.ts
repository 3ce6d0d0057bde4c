import { adminDashboardCalls, type DashboardTable } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** What the dashboard shows: a site (undefined: every site of the account) and a period of UTC days. */
export interface DashboardParams {
  site_id?: number | undefined;
  /** First UTC day, YYYY-MM-DD (undefined: the server's default, the last 30 days). */
  from?: string | undefined;
  to?: string | undefined;
}

/** The dashboard's figures of `params` (GET /api/admin/dashboard.php). */
export function dashboardQuery(params: DashboardParams) {
  return queryOptions({
    queryKey: ['admin', 'dashboard', params] as const,
    queryFn: () => call(adminDashboardCalls.dashboard, { query: params }),
    staleTime: 60_000,
  });
}

/** Where one table of the dashboard downloads as CSV (GET /api/admin/dashboard-csv.php; the session cookie goes along). */
export function csvHref(table: DashboardTable, params: { site_id: number | null; from: string; to: string }): string {
  const query = new URLSearchParams({ table, from: params.from, to: params.to });
  if (params.site_id !== null) query.set('site_id', String(params.site_id));
  return `${adminDashboardCalls.dashboardCsv.path}?${query}`;
}
