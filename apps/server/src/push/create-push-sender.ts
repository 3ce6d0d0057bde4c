import type { DeploymentSecrets } from '../secrets.js';
import type { PushSender } from './push-sender.js';

/** The Web Push sender of the deployment, with its VAPID keys and `subject` (mailto: or https:). */
export function createPushSender(_vapid: DeploymentSecrets['vapid'], _subject: string): PushSender {
  return {
    async send() {
      throw new Error('push sending is not built yet');
    },
  };
}
