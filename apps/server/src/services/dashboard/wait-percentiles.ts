/**
 * Exact percentile_cont of operators' answer waits from histograms (issue: back office II): the
 * rollup's dashboard_wait_minutes and dashboard_wait_days for finished days, live rows for the
 * days not rolled up. Pure: the repository reads, these functions count.
 *
 * A year of waits per second is nearly as many rows as answers, so a percentile over many days is
 * found in two steps: the minutes histogram (small) says in which minute the answers of its ranks
 * lie (minutesToRead), and only those minutes are read by the second (waitPercentiles).
 */
import type {
  DayWaitCount,
  SiteDayWaitCount,
  SiteMinute,
  SiteWaitCount,
  SiteWaitMinuteCount,
  WaitPercentiles,
} from '../../db/repositories/dashboard.js';

/** Answers per wait (seconds or minutes). */
type Histogram = Map<number, number>;

/** The percentiles the dashboard shows. */
const PERCENTILES = [0.5, 0.95] as const;

function add(histogram: Histogram, wait: number, answers: number): void {
  histogram.set(wait, (histogram.get(wait) ?? 0) + answers);
}

function histogramOf<K>(map: Map<K, Histogram>, key: K): Histogram {
  const histogram = map.get(key) ?? new Map<number, number>();
  map.set(key, histogram);
  return histogram;
}

const minuteOf = (seconds: number) => Math.floor(seconds / 60);

/** The 0-based ranks whose values percentile_cont(p) interpolates between, of `n` answers, and the fraction. */
function ranks(p: number, n: number): { lo: number; hi: number; fraction: number } {
  const rank = p * (n - 1);
  const lo = Math.floor(rank);
  return { lo, hi: Math.ceil(rank), fraction: rank - lo };
}

/** The wait of the answer at 0-based `rank` in wait order, and how many answers wait less. */
function at(histogram: Histogram, rank: number): { wait: number; below: number } {
  let below = 0;
  for (const [wait, answers] of [...histogram.entries()].sort((a, b) => a[0] - b[0])) {
    if (rank < below + answers) return { wait, below };
    below += answers;
  }
  throw new Error(`wait histogram without rank ${rank}`);
}

/**
 * PostgreSQL's percentile_cont(p) over the waits of a histogram: with N answers sorted by wait,
 * rank r = p·(N−1), the value at rank floor(r) plus (r − floor(r)) times the step to the value at
 * rank ceil(r). Answers `[answers, median, p95]` (seconds; null without answers).
 */
export function histogramPercentiles(histogram: Histogram): [number, number | null, number | null] {
  const n = [...histogram.values()].reduce((sum, answers) => sum + answers, 0);
  if (n === 0) return [0, null, null];
  const [median, p95] = PERCENTILES.map((p) => {
    const { lo, hi, fraction } = ranks(p, n);
    const first = at(histogram, lo).wait;
    // The same float8 arithmetic as percentile_cont's interpolation.
    return first + fraction * (at(histogram, hi).wait - first);
  });
  return [n, median ?? null, p95 ?? null];
}

/** What the waits of a dashboard are made of (see the repository's functions of the same names). */
export interface WaitSources {
  /** Rolled-up days: per site and minute over the period. */
  rolledMinutes: SiteWaitMinuteCount[];
  /** Rolled-up days: percentiles per day of all the sites asked for, as stored... */
  rolledDaily: WaitPercentiles[];
  /** ...or, when none are stored for this set of sites, their histogram per day. */
  rolledPerDay: DayWaitCount[];
  /** Days not rolled up yet, counted live by the second. */
  live: SiteDayWaitCount[];
}

/** The groups with percentiles over the period: each site, and all sites together. */
function groups(sources: WaitSources): { site_id: number | null; sites: number[] }[] {
  const sites = [...new Set([...sources.rolledMinutes, ...sources.live].map((r) => r.site_id))];
  return [...sites.map((site) => ({ site_id: site, sites: [site] })), { site_id: null, sites }];
}

/** Per group: its minutes histogram (rolled-up and live) and, per percentile, the minutes of its two ranks. */
function locate(sources: WaitSources) {
  const perSite = new Map<number, Histogram>();
  for (const r of sources.rolledMinutes) add(histogramOf(perSite, r.site_id), r.waited_minutes, r.answers);
  for (const r of sources.live) add(histogramOf(perSite, r.site_id), minuteOf(r.waited_seconds), r.answers);
  return groups(sources).map((group) => {
    const minutes: Histogram = new Map();
    for (const site of group.sites) for (const [m, n] of perSite.get(site) ?? []) add(minutes, m, n);
    const n = [...minutes.values()].reduce((sum, answers) => sum + answers, 0);
    const found = n === 0 ? [] : PERCENTILES.map((p) => ({ ...ranks(p, n), minutes }));
    return { ...group, n, found, perSite };
  });
}

/**
 * The minutes of each site whose rolled-up answers must be read by the second (rolledWaitSeconds)
 * to find the percentiles of every site and of all sites: the minutes holding their ranks.
 */
export function minutesToRead(sources: WaitSources): SiteMinute[] {
  const rolled = new Set(sources.rolledMinutes.map((r) => `${r.site_id}:${r.waited_minutes}`));
  const wanted = new Map<string, SiteMinute>();
  for (const group of locate(sources)) {
    for (const { lo, hi, minutes } of group.found) {
      for (const rank of [lo, hi]) {
        const minute = at(minutes, rank).wait;
        for (const site of group.sites) {
          const key = `${site}:${minute}`;
          if (rolled.has(key)) wanted.set(key, { site_id: site, waited_minutes: minute });
        }
      }
    }
  }
  return [...wanted.values()];
}

/**
 * The wait percentiles of the dashboard: a row per site (`day` null), per day (`site_id` null) and
 * for all sites (both null), exact (percentile_cont, seconds). `seconds` holds the rolled-up
 * answers by the second of the minutes minutesToRead(sources) named. Groups without timed answers have no row.
 */
export function waitPercentiles(sources: WaitSources, seconds: SiteWaitCount[]): WaitPercentiles[] {
  const bySecond = new Map<number, Histogram>();
  for (const r of [...seconds, ...sources.live]) add(histogramOf(bySecond, r.site_id), r.waited_seconds, r.answers);
  const out: WaitPercentiles[] = [];
  for (const group of locate(sources)) {
    if (group.n === 0) continue;
    /** The wait of the answer at `rank`: its minute from the minutes, its second within that minute. */
    const valueAt = (rank: number, minutes: Histogram): number => {
      const { wait: minute, below } = at(minutes, rank);
      const within: Histogram = new Map();
      for (const site of group.sites) {
        for (const [s, n] of bySecond.get(site) ?? []) if (minuteOf(s) === minute) add(within, s, n);
      }
      return at(within, rank - below).wait;
    };
    const [median, p95] = group.found.map(({ lo, hi, fraction, minutes }) => {
      const first = valueAt(lo, minutes);
      return first + fraction * (valueAt(hi, minutes) - first);
    });
    out.push({
      site_id: group.site_id,
      day: null,
      answers: group.n,
      median_seconds: median ?? null,
      p95_seconds: p95 ?? null,
    });
  }
  out.push(...sources.rolledDaily);
  const perDay = new Map<string, Histogram>();
  for (const r of [...sources.rolledPerDay, ...sources.live])
    add(histogramOf(perDay, r.day), r.waited_seconds, r.answers);
  for (const [day, histogram] of perDay) {
    const [answers, median_seconds, p95_seconds] = histogramPercentiles(histogram);
    out.push({ site_id: null, day, answers, median_seconds, p95_seconds });
  }
  return out;
}
