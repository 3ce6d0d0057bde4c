import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, type Dashboard, dashboardDays } from '@app/contracts';
import {
  activationsPerDay,
  coversEverySite,
  type DayRange,
  firstPurchasesPerDay,
  liveMessagesPerDay,
  liveWaitsPerDay,
  openReports,
  payingMembers,
  pendingPhotos,
  revenuePerDay,
  rolledDailyWaits,
  rolledMessagesPerDay,
  rolledWaitMinutes,
  rolledWaitSeconds,
  rolledWaitsPerDay,
  signupsPerDay,
  type WaitPercentiles,
} from '../../db/repositories/dashboard.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { listStaffSites } from '../staff/list-staff-sites.js';
import { type DashboardRows, dailySeries, siteFigures, totalFigures } from './assemble.js';
import { minutesToRead, type WaitSources, waitPercentiles } from './wait-percentiles.js';

/** What the dashboard is asked for: a site (else every site of the account) and a period of UTC days. */
export interface DashboardRequest {
  actor: Actor;
  siteId?: number | undefined;
  /** First UTC day, YYYY-MM-DD; default DASHBOARD_DEFAULT_DAYS - 1 days before `to`. */
  from?: string | undefined;
  /** Last UTC day (included), YYYY-MM-DD; default today (UTC, from the clock). */
  to?: string | undefined;
}

/** The UTC day `days` after `day` (YYYY-MM-DD; negative goes back). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period of a request: defaults filled in from `now` (UTC).
 * @throws AppError validation_failed (400) when `from` is after `to` or the period is longer than DASHBOARD_MAX_DAYS
 */
export function dashboardPeriod(request: { from?: string | undefined; to?: string | undefined }, now: Date): DayRange {
  const today = now.toISOString().slice(0, 10);
  const to = request.to ?? (request.from ? minDay(addDays(request.from, DASHBOARD_DEFAULT_DAYS - 1), today) : today);
  const from = request.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  const days = dashboardDays(from, to);
  if (days < 1 || days > DASHBOARD_MAX_DAYS) throw validationFailed({ issues: ['from'] });
  return { from, to };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

/**
 * The dashboard (issue: back office II): per site of the account (or the one asked for) and in
 * total, for whole UTC days: signups, activations (users.confirmed_at), first purchases, paying
 * members, revenue per currency in cents (paid payments by paid_at, refunds of them to date),
 * messages by kind, operator answers with the median and 95th percentile of members' waits in
 * seconds, and now: photos awaiting approval and open reports. `days` holds every day of the
 * period for the chosen site, or all sites together. Admins only (DECISIONS.md: back office).
 * @throws AppError forbidden (403) for other roles, not_found (404) for a site outside the account's,
 *   validation_failed (400) for a period that is reversed or longer than DASHBOARD_MAX_DAYS days
 */
export async function readDashboard(deps: Pick<AppDeps, 'db' | 'clock'>, input: DashboardRequest): Promise<Dashboard> {
  const scope = staffScope(input.actor, 'view', 'dashboard', input.siteId ?? null);
  const range = dashboardPeriod(input, deps.clock.now());
  const allowed = await listStaffSites(deps, { actor: input.actor });
  const scoped = scope.siteIds;
  const sites = scoped === 'all' ? allowed : allowed.filter((s) => scoped.includes(s.id));
  if (input.siteId !== undefined && sites.length === 0) throw notFound();
  const rows = await loadRows(
    deps,
    sites.map((s) => s.id),
    range,
  );
  const perSite = sites.map((s) => ({ site_id: s.id, domain: s.domain, name: s.name, ...siteFigures(rows, s.id) }));
  return {
    from: range.from,
    to: range.to,
    time_zone: 'UTC',
    site_id: input.siteId ?? null,
    sites: perSite,
    total: totalFigures(rows, perSite),
    days: dailySeries(rows, range.from, range.to),
  };
}

/** Every aggregate of the sites `siteIds` over `range` (none for no sites). */
async function loadRows({ db }: Pick<AppDeps, 'db'>, siteIds: number[], range: DayRange): Promise<DashboardRows> {
  if (siteIds.length === 0) {
    return {
      signups: [],
      activations: [],
      firstPurchases: [],
      revenue: [],
      paying: [],
      messages: [],
      waits: [],
      pendingPhotos: [],
      openReports: [],
    };
  }
  const [signups, activations, firstPurchases, revenue, paying, rolled, live, waits, photos, reports] =
    await Promise.all([
      signupsPerDay(db, siteIds, range),
      activationsPerDay(db, siteIds, range),
      firstPurchasesPerDay(db, siteIds, range),
      revenuePerDay(db, siteIds, range),
      payingMembers(db, siteIds, range),
      rolledMessagesPerDay(db, siteIds, range),
      liveMessagesPerDay(db, siteIds, range),
      loadWaits(db, siteIds, range),
      pendingPhotos(db, siteIds),
      openReports(db, siteIds),
    ]);
  return {
    signups,
    activations,
    firstPurchases,
    revenue,
    paying,
    messages: [...rolled, ...live],
    waits,
    pendingPhotos: photos,
    openReports: reports,
  };
}

/**
 * The wait percentiles of `siteIds` over `range` from the rollup's histograms and the live days,
 * read in one snapshot (a rollup committing in between would move a day from live to rolled up).
 * The daily percentiles of rolled-up days are stored for one site and for all sites; for another
 * set of sites they come from the histogram per day.
 */
async function loadWaits(db: AppDeps['db'], siteIds: number[], range: DayRange): Promise<WaitPercentiles[]> {
  return db.transaction(
    async (tx) => {
      const stored = siteIds.length === 1 || (await coversEverySite(tx, siteIds));
      const sources: WaitSources = {
        rolledMinutes: await rolledWaitMinutes(tx, siteIds, range),
        rolledDaily: stored ? await rolledDailyWaits(tx, siteIds, range) : [],
        rolledPerDay: stored ? [] : await rolledWaitsPerDay(tx, siteIds, range),
        live: await liveWaitsPerDay(tx, siteIds, range),
      };
      return waitPercentiles(sources, await rolledWaitSeconds(tx, minutesToRead(sources), range));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
