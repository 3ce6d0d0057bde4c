/**
 * The kinds of durable job the app runs and their payloads (docs/decisions/009-jobs.md). A payload
 * is JSON: ids and short strings, never a whole row (the handler reads the current state).
 */
export interface JobPayloads {
  /** Deliver the outbox mail `outbox_id` through SMTP, from `from` (the outbox row has no sender). */
  send_mail: { outbox_id: number; from: string };
  /** Deliver the outbox SMS `outbox_id` through the SMS gateway, from `from`. */
  send_sms: { outbox_id: number; from: string };
  /** Delete expired sessions (they are refused anyway; this keeps the table small) and ended rate-limit windows. */
  purge_sessions: Record<string, never>;
  /** Erase accounts deleted more than 14 days ago (DECISIONS.md: GDPR). */
  erase_accounts: Record<string, never>;
  /** Expire or re-sync payments that stayed open (docs/decisions/007-money.md). */
  expire_payments: Record<string, never>;
  /** Delete finished jobs older than FINISHED_JOB_DAYS. */
  purge_jobs: Record<string, never>;
  /** Delete login attempts, page events, the mail log and mail feedback past their retention (jobs/retention.ts). */
  purge_records: Record<string, never>;
  /** Count the messages of finished UTC days into the dashboard's rollup (services/dashboard/roll-up-messages.ts). */
  dashboard_rollup: Record<string, never>;
  /**
   * Push one notification to every device of user `user_id` (issue: notifications): `kind` with the
   * other member's profile `profile`; for a message its `conversation` and `message` (skipped when
   * read by then).
   */
  notify_push: {
    user_id: number;
    kind: 'message' | 'like' | 'match';
    profile: number;
    conversation?: number;
    message?: number;
  };
  /** Send the batched notification mail of `kind` to user `user_id` (what waits since the last one). */
  notify_mail: { user_id: number; kind: 'message' | 'like' | 'match' };
  /** The weekly digest of new members who suit each member. */
  mail_digest: Record<string, never>;
  /**
   * The behavioural scam signals (issue: safer conversations; services/safety/scan-behaviour.ts): the
   * same text to many members, new accounts writing to many members; raises the senders' scores.
   */
  scan_behaviour: Record<string, never>;
  /**
   * Score a profile photo (`photo`: photos.id) or a chat photo (`message`: messages.id) with the
   * explicit-photo model (issue: explicit photos; services/photos/score-photo.ts).
   */
  score_photo: { photo: number } | { message: number };
  /**
   * Compare the selfie of verification attempt `attempt` with the member's approved photos with the
   * face model (issue: verified members; services/verification/verify-selfie.ts).
   */
  verify_selfie: { attempt: number };
}

/** A kind of job the app knows. */
export type JobKind = keyof JobPayloads;

/** A job that runs once per period across every instance of a deployment. */
export interface JobSchedule<K extends string = string> {
  kind: K;
  /** Length of the period in seconds; periods start at multiples of it since 1970 (UTC). */
  everySeconds: number;
}

/** The app's scheduled jobs (formerly three setInterval timers in main.ts, one per instance). */
export const APP_SCHEDULES: JobSchedule<JobKind>[] = [
  { kind: 'purge_sessions', everySeconds: 3600 },
  { kind: 'erase_accounts', everySeconds: 3600 },
  { kind: 'expire_payments', everySeconds: 3600 },
  { kind: 'purge_jobs', everySeconds: 24 * 3600 },
  { kind: 'purge_records', everySeconds: 24 * 3600 },
  // Hourly, so a day is rolled up within the hour after it ends (and a first run catches up).
  { kind: 'dashboard_rollup', everySeconds: 3600 },
  { kind: 'mail_digest', everySeconds: 7 * 24 * 3600 },
  // Every minute: a pattern found raises the score before the sender's next messages.
  { kind: 'scan_behaviour', everySeconds: 60 },
];

/** Days a finished job row is kept (to see what ran and why something failed). */
export const FINISHED_JOB_DAYS = 7;

/**
 * How long records that serve operations only are kept, in days (docs/operations.md "Retention"; the
 * privacy page names the same periods through its {{..._days}} placeholders). Members' accounts,
 * messages and payments follow their own rules (erasure, tax law) and are not here.
 * - login_attempts: the per-address limit looks back 15 minutes; a month shows a pattern of attacks.
 * - page_events: the page-bounce log (SPEC.md 4) is read per quarter.
 * - outbox: the log of mails and text messages sent (and the local outbox) for support questions.
 * - mail_feedback: bounces and complaints as the provider reported them; the member's own
 *   notifications_disabled keeps the mail off after the row is gone.
 */
export const RETENTION_DAYS: Record<'login_attempts' | 'page_events' | 'outbox' | 'mail_feedback', number> = {
  login_attempts: 30,
  page_events: 90,
  outbox: 90,
  mail_feedback: 365,
};
