import { deleteFinishedJobs } from '../db/repositories/jobs.js';
import { deleteExpiredRateLimitHits } from '../db/repositories/rate-limits.js';
import { purgeExpiredSessions } from '../db/repositories/sessions.js';
import type { AppDeps } from '../deps.js';
import { eraseExpiredAccounts } from '../services/access/erasure.js';
import { rollUpMessages } from '../services/dashboard/roll-up-messages.js';
import { expireStalePayments } from '../services/money/expire-payments.js';
import { sendDigests } from '../services/notifications/send-digests.js';
import { sendMailNotification } from '../services/notifications/send-mail-notification.js';
import { sendPushNotification } from '../services/notifications/send-push-notification.js';
import { scorePhoto } from '../services/photos/score-photo.js';
import { scanBehaviourSignals } from '../services/safety/scan-behaviour.js';
import { runVerifySelfieJob } from '../services/verification/verify-selfie.js';
import { APP_SCHEDULES, FINISHED_JOB_DAYS, type JobPayloads } from './kinds.js';
import { purgeExpiredRecords } from './retention.js';
import { type JobHandlers, JobWorker } from './worker.js';

/** Progress worth a line in the server log: what a job did (how many rows). */
export type JobInfo = (msg: string, data: Record<string, unknown>) => void;

/**
 * The handler of every job kind of the app (jobs/kinds.ts), working with the container `deps`.
 * `info` hears what the clean-ups did.
 */
export function appJobHandlers(deps: AppDeps, info: JobInfo = () => undefined): JobHandlers<JobPayloads> {
  return {
    send_mail: (payload) => deps.mailer.deliverQueued(payload),
    send_sms: (payload) => deps.sms.deliverQueued(payload),
    purge_sessions: async () => {
      await purgeExpiredSessions(deps.db);
      await deleteExpiredRateLimitHits(deps.db, deps.clock.now());
    },
    erase_accounts: async () => {
      const erased = await eraseExpiredAccounts(deps, { now: deps.clock.now() });
      if (erased > 0) info('erased deleted accounts', { erased });
    },
    // A payment this job finds paid after all is credited once, like through the webhook.
    expire_payments: async () => {
      const finished = await expireStalePayments(deps);
      if (finished > 0) info('finished stale payments', { finished });
    },
    purge_jobs: async () => {
      const before = new Date(deps.clock.now().getTime() - FINISHED_JOB_DAYS * 24 * 3600 * 1000);
      await deleteFinishedJobs(deps.db, before);
    },
    purge_records: async () => {
      const deleted = await purgeExpiredRecords(deps.db, deps.clock.now());
      if (Object.values(deleted).some((n) => n > 0)) info('deleted records past their retention', deleted);
    },
    dashboard_rollup: async () => {
      const days = await rollUpMessages(deps);
      if (days.length > 0) info('rolled up dashboard days', { days: days.length, last: days.at(-1) });
    },
    notify_push: (payload) => sendPushNotification(deps, payload),
    notify_mail: (payload) => sendMailNotification(deps, payload),
    mail_digest: async () => {
      const sent = await sendDigests(deps);
      if (sent > 0) info('sent weekly digests', { sent });
    },
    scan_behaviour: async () => {
      const found = await scanBehaviourSignals(deps);
      if (found.repeatedText.length + found.massContact.length > 0) info('behavioural signals recorded', { ...found });
    },
    score_photo: async (payload) => {
      await scorePhoto(deps, payload);
    },
    verify_selfie: (payload, job) => runVerifySelfieJob(deps, payload, job),
  };
}

/**
 * Starts the app's job worker on `deps` (main.ts; tests may start one too): every kind of
 * jobs/kinds.ts, the scheduled clean-ups once per period across instances. Call `stop()` on shutdown.
 */
export function startAppJobWorker(
  deps: AppDeps,
  opts: { info?: JobInfo; pollMs?: number } = {},
): JobWorker<JobPayloads> {
  const worker = new JobWorker<JobPayloads>({
    db: deps.db,
    clock: deps.clock,
    handlers: appJobHandlers(deps, opts.info),
    schedules: APP_SCHEDULES,
    log: deps.log,
    ...(opts.pollMs === undefined ? {} : { pollMs: opts.pollMs }),
  });
  worker.start();
  return worker;
}
