import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config.js';

/** Keys of a deployment that must stay the same across restarts (issue: notifications). */
export interface DeploymentSecrets {
  /** VAPID key pair (base64url): the public key is every site's push_public_key (settings). */
  vapid: { publicKey: string; privateKey: string };
  /** HMAC key of the signed unsubscribe links of notification mails. */
  unsubscribeSecret: string;
}

/** The file in the data folder that keeps generated secrets (mode 0600). */
export const SECRETS_FILE = 'secrets.json';

/**
 * The deployment's secrets: each from the environment (Config.notifications) when set, else from
 * `<dataDir>/secrets.json`, generated and written there on first start. Several instances on one
 * database must set them in the environment (docs: README), or each would sign with its own.
 * @throws when the data folder cannot be written
 */
export function loadDeploymentSecrets(config: Pick<Config, 'dataDir' | 'notifications'>): DeploymentSecrets {
  const env = config.notifications;
  const file = path.join(config.dataDir, SECRETS_FILE);
  let stored: Partial<DeploymentSecrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<DeploymentSecrets>;
  } catch {
    // No file yet (first start) or unreadable: generate below.
  }
  const vapid =
    env.vapidPublicKey && env.vapidPrivateKey
      ? { publicKey: env.vapidPublicKey, privateKey: env.vapidPrivateKey }
      : (stored.vapid ?? webpush.generateVAPIDKeys());
  const unsubscribeSecret = env.unsubscribeSecret ?? stored.unsubscribeSecret ?? randomBytes(32).toString('base64url');
  const secrets: DeploymentSecrets = { vapid, unsubscribeSecret };
  // Keep what was generated now, so the next start (and every browser's subscription) keeps it.
  const generated = {
    ...(env.vapidPublicKey && env.vapidPrivateKey ? {} : { vapid }),
    ...(env.unsubscribeSecret ? {} : { unsubscribeSecret }),
  };
  if (('vapid' in generated && !stored.vapid) || ('unsubscribeSecret' in generated && !stored.unsubscribeSecret)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...stored, ...generated }, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
