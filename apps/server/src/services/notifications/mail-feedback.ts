import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { disableMailForAddress, insertMailFeedback } from '../../db/repositories/mail-feedback.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationFailed } from '../../errors.js';

/** A bounce or spam complaint that turns an address's notification mail off. */
export interface MailFeedbackEvent {
  kind: 'bounce' | 'complaint';
  email: string;
  provider: 'generic' | 'sendgrid';
  detail: Record<string, unknown>;
}

const email = z.string().trim().min(3).max(320);

/** The generic form: `{ type: 'bounce' | 'complaint', email, reason? }`. A generic bounce is a hard bounce. */
const GenericEventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email,
  /** What the provider said (kept for support), optional. */
  reason: z.string().max(2000).optional(),
});

/** One event of SendGrid's Event Webhook batch (`[{ event, email, type?, reason?, ... }]`). */
const SendGridEventSchema = z.looseObject({
  event: z.string().max(64),
  email,
  type: z.string().max(64).optional(),
  reason: z.string().max(2000).optional(),
  status: z.string().max(64).optional(),
  sg_event_id: z.string().max(200).optional(),
  timestamp: z.number().optional(),
});

/** The 400 of a body of neither shape, with the issues as the schema validation reports them. */
function invalid(error: z.ZodError): Error {
  return validationFailed({ issues: error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message })) });
}

/** SendGrid's `dropped` reasons that mean the address itself is refused (its suppression lists). */
const DROPPED_AS = new Map<string, 'bounce' | 'complaint'>([
  ['bounced address', 'bounce'],
  ['invalid', 'bounce'],
  ['spam reporting address', 'complaint'],
]);

/**
 * What a SendGrid event means here: `bounce` with `type: 'bounce'` is a hard bounce (SendGrid calls
 * a soft one `type: 'blocked'`, which changes nothing), `spamreport` a complaint, `dropped` for a
 * bounced, invalid or spam-reporting address the same; every other event (processed, delivered,
 * deferred, open, click, …) is ignored. Null: ignored.
 */
function sendGridKind(event: z.infer<typeof SendGridEventSchema>): 'bounce' | 'complaint' | null {
  if (event.event === 'bounce') return event.type === undefined || event.type === 'bounce' ? 'bounce' : null;
  if (event.event === 'spamreport') return 'complaint';
  if (event.event === 'dropped') return DROPPED_AS.get((event.reason ?? '').trim().toLowerCase()) ?? null;
  return null;
}

/**
 * The events of a webhook body: the generic `{type, email}` or an array of them, or SendGrid's
 * event batch (an array whose items carry `event`); the two may be mixed in one array. Events that
 * disable nothing are left out.
 * @throws AppError validation_failed (400) for a body of neither shape (nothing is written then)
 */
export function parseMailFeedback(body: unknown): MailFeedbackEvent[] {
  const items = Array.isArray(body) ? body : [body];
  if (items.length > 1000) throw validationFailed({ issues: [{ path: '', message: 'at most 1000 events per call' }] });
  const events: MailFeedbackEvent[] = [];
  for (const item of items) {
    const isSendGrid = typeof item === 'object' && item !== null && 'event' in item;
    if (isSendGrid) {
      const parsed = SendGridEventSchema.safeParse(item);
      if (!parsed.success) throw invalid(parsed.error);
      const kind = sendGridKind(parsed.data);
      const { event, type, reason, status, sg_event_id } = parsed.data;
      if (kind)
        events.push({
          kind,
          email: parsed.data.email,
          provider: 'sendgrid',
          detail: { event, type, reason, status, sg_event_id },
        });
      continue;
    }
    const parsed = GenericEventSchema.safeParse(item);
    if (!parsed.success) throw invalid(parsed.error);
    const detail = parsed.data.reason ? { reason: parsed.data.reason } : {};
    events.push({ kind: parsed.data.type, email: parsed.data.email, provider: 'generic', detail });
  }
  return events;
}

/** Whether `given` is the configured webhook secret, in constant time; false when none is configured. */
export function isMailWebhookSecret(configured: string | undefined, given: string | undefined): boolean {
  if (!configured || !given) return false;
  const a = Buffer.from(configured);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret a webhook call carries: `Authorization: Bearer <secret>`, else `?token=`. */
export function webhookSecretOf(authorization: string | undefined, token: unknown): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (bearer) return bearer;
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * POST /api/mail-webhook.php (issue: notifications): bounces and spam complaints from the mail
 * provider, in the generic form or SendGrid's event batch (parseMailFeedback: only hard bounces,
 * complaints and drops of a refused address count). In one transaction each event is kept in
 * `mail_feedback` and its reason (`bounce` or `complaint`) added once to notifications_disabled of
 * every account with that address (case-insensitive, every site): notification mails stop, account
 * mails (activation, password reset) still go. Input: `{ authorization, token, body }`.
 * @returns how many accounts had a reason added (0 when they all had it already)
 * @throws AppError authentication_required (401) without MAIL_WEBHOOK_SECRET or with another secret
 * @throws AppError validation_failed (400) for a body of neither shape
 */
export async function handleMailFeedback(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { authorization: string | undefined; token: unknown; body: unknown },
): Promise<{ disabled: number }> {
  const secret = webhookSecretOf(input.authorization, input.token);
  if (!isMailWebhookSecret(deps.config.notifications.mailWebhookSecret, secret)) {
    throw new AppError('authentication_required', 401);
  }
  const events = parseMailFeedback(input.body);
  const at = deps.clock.now();
  const disabled = await deps.db.transaction(async (tx) => {
    let n = 0;
    for (const event of events) {
      await insertMailFeedback(tx, { ...event, at });
      n += await disableMailForAddress(tx, event.email, event.kind);
    }
    return n;
  });
  return { disabled };
}
