import type { AppDeps } from '../../deps.js';

/** The weekly `mail_digest` job: new members who suit each member who wants the digest. Answers mails sent. */
export async function sendDigests(_deps: AppDeps): Promise<number> {
  return 0;
}
