import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, dashboardDays } from '@app/contracts';
import type { DashboardParams } from './api';

/** Today as a UTC day (YYYY-MM-DD): the dashboard's days are UTC days. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last `days` days up to today (a preset of the picker). */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The dashboard's parameters from the address bar (`site`, `from`, `to`); bad values are left out. */
export function paramsFromSearch(search: URLSearchParams): DashboardParams {
  const site = Number(search.get('site'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    site_id: Number.isInteger(site) && site > 0 ? site : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
  };
}

/** The address bar's parameters of `params`. */
export function paramsToSearch(params: DashboardParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.site_id) out.site = String(params.site_id);
  if (params.from) out.from = params.from;
  if (params.to) out.to = params.to;
  return out;
}

/** Why a chosen period cannot be shown: `order` (from after to), `length` (too long); null when fine. */
export function periodProblem(from: string, to: string): 'order' | 'length' | null {
  const days = dashboardDays(from, to);
  if (days < 1) return 'order';
  return days > DASHBOARD_MAX_DAYS ? 'length' : null;
}

export { DASHBOARD_DEFAULT_DAYS };
