import { sql } from 'drizzle-orm';
import { mail_feedback, sites, users } from '../schema.js';
import type { DbOrTx } from './photos.js';

/** One bounce or spam complaint as the mail provider reported it. */
export interface MailFeedbackInsert {
  email: string;
  kind: 'bounce' | 'complaint';
  /** `generic` or the provider whose shape it came in (`sendgrid`). */
  provider: string;
  detail: Record<string, unknown>;
  at: Date;
}

/** Keeps a bounce or complaint in `mail_feedback` (for support). */
export async function insertMailFeedback(tx: DbOrTx, row: MailFeedbackInsert): Promise<void> {
  await tx.insert(mail_feedback).values({
    email: row.email,
    kind: row.kind,
    provider: row.provider,
    detail: row.detail,
    created_at: row.at,
  });
}

/**
 * Adds `reason` once to users.notifications_disabled of every account with `email`
 * (case-insensitive, on every site). Returns how many accounts had it added (0 when all had it).
 */
export async function disableMailForAddress(
  tx: DbOrTx,
  email: string,
  reason: 'bounce' | 'complaint',
): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ notifications_disabled: sql`array_append(${users.notifications_disabled}, ${reason}::text)` })
    // By site, so each lookup is one probe of the unique index users_site_email_key (site_id, lower(email)).
    .where(
      sql`${users.site_id} in (select ${sites.id} from ${sites}) and lower(${users.email}) = lower(${email})
        and not (${reason}::text = any(${users.notifications_disabled}))`,
    )
    .returning({ id: users.id });
  return rows.length;
}

/** The feedback kept for `email` (case-insensitive), oldest first (tests, support). */
export async function listMailFeedback(db: DbOrTx, email: string) {
  return db
    .select()
    .from(mail_feedback)
    .where(sql`lower(${mail_feedback.email}) = lower(${email})`)
    .orderBy(mail_feedback.id);
}
