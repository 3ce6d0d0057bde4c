import { firstUnrolledDay, rollUpMessageDay } from '../../db/repositories/dashboard.js';
import type { AppDeps } from '../../deps.js';

/**
 * Minutes after midnight UTC before a day is rolled up: a send that began before midnight has
 * committed by then, so the day's count is final.
 */
export const ROLLUP_GRACE_MINUTES = 10;
/** Days one run rolls up at most (a first run on a database with years of messages catches up over runs). */
export const ROLLUP_DAYS_PER_RUN = 62;

/**
 * The `dashboard_rollup` job (issue: back office II): counts the messages of every finished UTC
 * day not rolled up yet into dashboard_message_days, and operators' answer waits into the
 * histograms dashboard_wait_days and dashboard_wait_minutes (with the day's percentiles), oldest first, one transaction per day, at
 * most ROLLUP_DAYS_PER_RUN days. Answers the days rolled up (YYYY-MM-DD). The dashboard counts
 * the days not rolled up (today) live, so the figures are the same before and after.
 */
export async function rollUpMessages(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<string[]> {
  const now = deps.clock.now();
  const finished = new Date(now.getTime() - ROLLUP_GRACE_MINUTES * 60_000).toISOString().slice(0, 10);
  let day = await firstUnrolledDay(deps.db);
  const done: string[] = [];
  while (day && day < finished && done.length < ROLLUP_DAYS_PER_RUN) {
    await rollUpMessageDay(deps.db, day, now);
    done.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return done;
}
