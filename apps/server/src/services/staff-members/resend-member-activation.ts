import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { resendActivation } from '../access/resend-activation.js';
import { linksFor } from '../sites/site-url.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * Sends the activation mail again to a member who has not confirmed their address (issue: back office
 * I, members; admins, moderators, support), by the member's own rules (services/access/resend-activation.ts:
 * a fresh 7-day link, at most ACTIVATION_RESENDS_PER_DAY in 24 hours), with links to the member's
 * site. The mail is sent outside a transaction (the outbox row is the mailer's); the audit entry
 * `member.activation_resend` follows it.
 * @throws AppError forbidden (403) for operators; not_found (404) for an unknown member or one outside
 *   the actor's sites; conflict (409, data {reason: 'not_unconfirmed', status}) for a member who is not
 *   not_confirmed; rate_limited (429) over the daily limit
 */
export async function resendMemberActivation(
  { db, mailer, clock, config }: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  input: { actor: Actor; who: AuditWho; userId: number },
): Promise<void> {
  const user = await loadMemberFor(db, { actor: input.actor, action: 'update', userId: input.userId });
  if (user.status !== 'not_confirmed') {
    throw new AppError('conflict', 409, { reason: 'not_unconfirmed', status: user.status });
  }
  const site = await findSiteById(db, user.site_id);
  if (!site) throw notFound();
  await resendActivation({ db, mailer }, { site, user, now: clock.now(), links: linksFor(site, config) });
  await recordAudit(db, input.who, {
    action: 'member.activation_resend',
    objectType: 'member',
    objectId: user.id,
    siteId: user.site_id,
    memberUserId: user.id,
    after: { email: user.email },
  });
}
