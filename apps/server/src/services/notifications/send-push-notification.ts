import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';

/** The `notify_push` job: sends one push to every device of the member (issue: notifications). */
export async function sendPushNotification(_deps: AppDeps, _payload: JobPayloads['notify_push']): Promise<void> {
  // Built by the push part of the notifications issue.
}
