import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';

/** The `notify_mail` job: one batched notification mail of a kind to a member (issue: notifications). */
export async function sendMailNotification(_deps: AppDeps, _payload: JobPayloads['notify_mail']): Promise<void> {
  // Built by the mail part of the notifications issue.
}
