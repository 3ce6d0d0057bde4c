/**
 * Sums the dashboard's per-site, per-day SQL rows into site figures, the total and the daily
 * series (issue: back office II). Pure: the tests of the figures go through the API, these only add.
 */
import type { DashboardDay, DashboardFigures, DashboardRevenue } from '@app/contracts';
import type {
  SiteCount,
  SiteDayCount,
  SiteDayMessages,
  SiteDayRevenue,
  WaitPercentiles,
} from '../../db/repositories/dashboard.js';

/** Every row the dashboard is made of, as the repository answers them. */
export interface DashboardRows {
  signups: SiteDayCount[];
  activations: SiteDayCount[];
  firstPurchases: SiteDayCount[];
  revenue: SiteDayRevenue[];
  paying: { site_id: number; day: string | null; n: number }[];
  messages: SiteDayMessages[];
  waits: WaitPercentiles[];
  pendingPhotos: SiteCount[];
  openReports: SiteCount[];
}

type Counts = Omit<DashboardDay, 'day'>;

/** A figure set with nothing counted yet. */
function emptyCounts(): Counts {
  return {
    signups: 0,
    activations: 0,
    first_purchases: 0,
    paying_members: 0,
    member_to_member: 0,
    member_to_fictional: 0,
    operator_answers: 0,
    timed_answers: 0,
    median_response_seconds: null,
    p95_response_seconds: null,
    revenue: [],
  };
}

/** Adds paid payments to a per-currency list (kept sorted by currency). */
function addRevenue(list: DashboardRevenue[], row: Omit<SiteDayRevenue, 'site_id' | 'day'>): DashboardRevenue[] {
  const found = list.find((r) => r.currency === row.currency);
  const gross = Number(row.gross_cents);
  const refunded = Number(row.refunded_cents);
  if (found) {
    found.payments += row.payments;
    found.gross_cents += gross;
    found.refunded_cents += refunded;
    found.net_cents += gross - refunded;
    return list;
  }
  list.push({
    currency: row.currency,
    payments: row.payments,
    gross_cents: gross,
    refunded_cents: refunded,
    net_cents: gross - refunded,
  });
  return list.sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Adds what `rows` count for rows matching `keep` to `into`. */
function addCounts(into: Counts, rows: DashboardRows, keep: (r: { site_id: number; day: string | null }) => boolean) {
  for (const r of rows.signups) if (keep(r)) into.signups += r.n;
  for (const r of rows.activations) if (keep(r)) into.activations += r.n;
  for (const r of rows.firstPurchases) if (keep(r)) into.first_purchases += r.n;
  for (const r of rows.revenue) if (keep(r)) addRevenue(into.revenue, r);
  for (const r of rows.messages) {
    if (!keep(r)) continue;
    into.member_to_member += r.member_to_member;
    into.member_to_fictional += r.member_to_fictional;
    into.operator_answers += r.operator_answers;
  }
}

/** Sets the wait figures of `into` from a percentile row (none: no timed answers). */
function setWaits(into: Counts, wait: WaitPercentiles | undefined): void {
  if (!wait) return;
  into.timed_answers = wait.answers;
  into.median_response_seconds = wait.median_seconds === null ? null : Number(wait.median_seconds);
  into.p95_response_seconds = wait.p95_seconds === null ? null : Number(wait.p95_seconds);
}

/** Figures of one site over the period, with what is pending there now. */
export function siteFigures(rows: DashboardRows, siteId: number): DashboardFigures {
  const counts = emptyCounts();
  addCounts(counts, rows, (r) => r.site_id === siteId);
  counts.paying_members = rows.paying.find((r) => r.site_id === siteId && r.day === null)?.n ?? 0;
  setWaits(
    counts,
    rows.waits.find((w) => w.site_id === siteId && w.day === null),
  );
  return {
    ...counts,
    pending_photos: rows.pendingPhotos.find((r) => r.site_id === siteId)?.n ?? 0,
    open_reports: rows.openReports.find((r) => r.site_id === siteId)?.n ?? 0,
  };
}

/** The total of all sites of `rows`: sums, except the percentiles, which come from all answers at once. */
export function totalFigures(rows: DashboardRows, sites: DashboardFigures[]): DashboardFigures {
  const counts = emptyCounts();
  addCounts(counts, rows, () => true);
  // A member belongs to one site, so payers of the sites add up.
  counts.paying_members = sites.reduce((sum, s) => sum + s.paying_members, 0);
  setWaits(
    counts,
    rows.waits.find((w) => w.site_id === null && w.day === null),
  );
  return {
    ...counts,
    pending_photos: sites.reduce((sum, s) => sum + s.pending_photos, 0),
    open_reports: sites.reduce((sum, s) => sum + s.open_reports, 0),
  };
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), with the figures of all sites of `rows`. */
export function dailySeries(rows: DashboardRows, from: string, to: string): DashboardDay[] {
  const byDay = new Map<string, DashboardDay>();
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= last; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    byDay.set(day, { day, ...emptyCounts() });
  }
  const of = (day: string | null) => (day === null ? undefined : byDay.get(day));
  for (const r of rows.signups) bump(of(r.day), 'signups', r.n);
  for (const r of rows.activations) bump(of(r.day), 'activations', r.n);
  for (const r of rows.firstPurchases) bump(of(r.day), 'first_purchases', r.n);
  for (const r of rows.paying) bump(of(r.day), 'paying_members', r.n);
  for (const r of rows.messages) {
    bump(of(r.day), 'member_to_member', r.member_to_member);
    bump(of(r.day), 'member_to_fictional', r.member_to_fictional);
    bump(of(r.day), 'operator_answers', r.operator_answers);
  }
  for (const r of rows.revenue) {
    const day = of(r.day);
    if (day) addRevenue(day.revenue, r);
  }
  for (const w of rows.waits) if (w.site_id === null && w.day !== null) setWaits(of(w.day) ?? emptyCounts(), w);
  return [...byDay.values()];
}

type CountKey = 'signups' | 'activations' | 'first_purchases' | 'paying_members' | keyof SiteDayMessagesCounts;
type SiteDayMessagesCounts = Omit<SiteDayMessages, 'site_id' | 'day'>;

/** Adds `n` to one count of a day (a day outside the period is ignored). */
function bump(day: DashboardDay | undefined, key: CountKey, n: number): void {
  if (day) day[key] += n;
}
