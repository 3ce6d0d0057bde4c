import type { ComplaintBody } from '@app/contracts';
import { insertComplaint } from '../../db/repositories/complaints.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findMemberPayment } from '../../db/repositories/transactions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { translate } from '../../i18n.js';
import { sendMemberMail } from '../../mail/member-mail.js';

/**
 * Files a complaint (SPEC.md 2 /complaints; POST /api/complaints.php): stores it for staff (status
 * new, the back office's queue) and mails the member a confirmation in their language with the topic, the complaint number
 * and the site's refund cancellation period (SPEC.md 9 {refund_days} days). The mail goes through
 * the mailer (SMTP, else the outbox). Returns the complaint number and refund_days (days).
 * Input: `{ site, user, body }` (body: topic, text, optional payment_id); filed at `deps.clock.now()`.
 * @throws AppError validation_failed (400, data.issues ['payment_id']) when payment_id is not one of
 *   the member's own payments on this site
 */
export async function fileComplaint(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock'>,
  input: { site: SiteRow; user: UserRow; body: ComplaintBody },
): Promise<{ id: number; refund_days: number }> {
  const { db, mailer } = deps;
  const { site, user, body } = input;
  const now = deps.clock.now();
  if (body.payment_id !== undefined) {
    const payment = await findMemberPayment(db, { siteId: site.id, userId: user.id }, body.payment_id);
    if (!payment) throw validationFailed({ issues: ['payment_id'] });
  }
  const complaint = await insertComplaint(db, {
    site_id: site.id,
    user_id: user.id,
    topic: body.topic,
    text: body.text,
    payment_id: body.payment_id ?? null,
    created_at: now,
  });
  const own = await findProfileByUserId(db, user.id);
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'complaint_received',
    locale: user.language,
    memberName: own?.profile.name ?? '',
    values: {
      topic: translate(user.language, 'mail', `complaint_topic_${body.topic}`),
      number: complaint.id,
      refund_days: site.refund_days,
    },
  });
  return { id: complaint.id, refund_days: site.refund_days };
}
