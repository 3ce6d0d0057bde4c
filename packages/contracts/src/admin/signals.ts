/**
 * Back-office Signals queue (issue: safer conversations; docs/decisions/021-safer-conversations.md):
 * members by risk score with their held messages, one member's messages with signals and their
 * matched parts, releasing held messages, and each site's hold threshold. Warn and ban go through
 * POST /api/admin/sanctions.php (a ban drops the member's held messages, never charged).
 */
import { z } from 'zod';
import { SIGNAL_KINDS } from '../safety.js';
import { text } from '../text.js';
import { OptionalIdField, PageQueryField } from './access.js';

/** Members a page of the Signals queue shows. */
export const SIGNAL_QUEUE_PAGE_SIZE = 20;
/** A member enters the Signals queue with a held message or a current risk score of at least this. */
export const SIGNAL_QUEUE_MIN_SCORE = 1;
/** Messages one member's Signals detail shows (newest first; page with `before`). */
export const SIGNAL_MESSAGES_PAGE_SIZE = 50;
/** Most messages one release names. */
export const MAX_RELEASE_IDS = 100;
/** Highest hold threshold a site can set (a risk score; 0 holds every message of a scored member). */
export const MAX_RISK_HOLD_THRESHOLD = 1000;

/** GET /api/admin/signals.php: the queue, highest current risk score first. */
export const SignalQueueQuerySchema = z.object({ site_id: OptionalIdField, page: PageQueryField });

/** The member a Signals entry is about (always a real member: fictional profiles are never scored). */
export const SignalMemberSchema = z.object({
  user_id: z.number().int(),
  /** null when the member has no profile any more. */
  profile_id: z.number().int().nullable(),
  name: text(),
  site_id: z.number().int(),
  site_name: text(),
  /** The account's status (active, banned, suspended, …). */
  account_status: text(),
  /** When the account was made (ISO 8601): the new-account signal turns on it. */
  account_created_at: text(),
  /** The risk score now: the stored score decayed to the time of the request (half-life 7 days). */
  risk_score: z.number(),
  /** The site's hold threshold: above it the member's new messages to others are held. */
  risk_hold_threshold: z.number(),
  /** Messages waiting for review. */
  held_count: z.number().int(),
  /** Messages with signals (any time). */
  signal_count: z.number().int(),
  /** The newest message with a signal (ISO 8601), null when none. */
  last_signal_at: text().nullable(),
});
export type SignalMember = z.infer<typeof SignalMemberSchema>;

export const SignalQueuePageSchema = z
  .object({
    members: z.array(SignalMemberSchema),
    /** Held messages of the whole queue (all pages, the sites asked for). */
    total_held: z.number().int(),
    page: z.number().int(),
    more: z.boolean(),
  })
  .meta({ id: 'SignalQueuePage' });
export type SignalQueuePage = z.infer<typeof SignalQueuePageSchema>;

/** A signal as staff see it: the kind and, for text signals, the matched part as UTF-16 offsets [start, end) of `body`. */
export const StaffSignalSchema = z.object({
  kind: z.enum(SIGNAL_KINDS),
  start: z.number().int().nonnegative().nullable(),
  end: z.number().int().nonnegative().nullable(),
});
export type StaffSignal = z.infer<typeof StaffSignalSchema>;

/** What became of a message: delivered (never held or released), held (waiting), dropped (held, then the sender was banned). */
export const SIGNAL_MESSAGE_STATES = ['delivered', 'held', 'dropped'] as const;
export type SignalMessageState = (typeof SIGNAL_MESSAGE_STATES)[number];

/** One message of the member with signals or held. */
export const SignalMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  kind: text().describe('text, photo or gift'),
  body: text(),
  signals: z.array(StaffSignalSchema),
  state: z.enum(SIGNAL_MESSAGE_STATES),
  /** Credits the message costs: charged when delivered, to be charged on release when held, never when dropped. */
  credits: z.number().int().nonnegative(),
  recipient: z.object({
    profile_id: z.number().int(),
    name: text(),
    fictional: z.boolean(),
  }),
  created_at: text(),
});
export type SignalMessage = z.infer<typeof SignalMessageSchema>;

/** GET /api/admin/signal-member.php?user_id=&before=: one member's signals (audited as signals.view). */
export const SignalMemberQuerySchema = z.object({
  user_id: z.coerce.number().int().positive(),
  before: z.coerce.number().int().positive().optional().describe('messages older than this message id'),
});

export const SignalMemberDetailSchema = z
  .object({
    member: SignalMemberSchema,
    /** The sender's balance in credits (a release charges it). */
    credits: z.number().int(),
    /** Messages with signals or held, newest first. */
    messages: z.array(SignalMessageSchema),
    more: z.boolean(),
  })
  .meta({ id: 'SignalMemberDetail' });
export type SignalMemberDetail = z.infer<typeof SignalMemberDetailSchema>;

/**
 * POST /api/admin/signal-release.php: deliver held messages of a member, charged now, in one
 * transaction: `message_ids` (else every held message). All or nothing: when the member's credits do
 * not cover them all, 402 not_enough_credits (data {cost, credits}) and nothing changes. A message
 * whose recipient blocked the sender (or was blocked) or is gone since is dropped (`dropped`). `reset_score`
 * also sets the member's risk score to 0 (a false alarm), so the next messages are delivered.
 */
export const SignalReleaseBodySchema = z.object({
  user_id: z.number().int().positive(),
  message_ids: z.array(z.number().int().positive()).min(1).max(MAX_RELEASE_IDS).optional(),
  reset_score: z.boolean().optional(),
});
export type SignalReleaseBody = z.infer<typeof SignalReleaseBodySchema>;

export const SignalReleaseResultSchema = z
  .object({
    /** The messages delivered now, oldest first. */
    released: z.array(z.number().int()),
    /**
     * Messages dropped instead of delivered, never charged: their recipient blocked the sender (or was
     * blocked) or is gone since they were sent. Oldest first; usually empty.
     */
    dropped: z.array(z.number().int()),
    /** Credits charged in all. */
    charged: z.number().int().nonnegative(),
    /** The member's balance after. */
    credits: z.number().int(),
    /** The member's risk score after (decayed to now; 0 after reset_score). */
    risk_score: z.number(),
  })
  .meta({ id: 'SignalReleaseResult' });
export type SignalReleaseResult = z.infer<typeof SignalReleaseResultSchema>;

/** A site's hold threshold. */
export const SignalSettingsSchema = z.object({
  site_id: z.number().int(),
  site_name: text(),
  domain: text(),
  risk_hold_threshold: z.number(),
});
export type SignalSettings = z.infer<typeof SignalSettingsSchema>;
export const SignalSettingsListSchema = z.array(SignalSettingsSchema).meta({ id: 'SignalSettingsList' });

/** PUT /api/admin/signal-settings.php: a site's hold threshold (admins of the site). */
export const SignalSettingsBodySchema = z.object({
  site_id: z.number().int().positive(),
  risk_hold_threshold: z.number().min(0).max(MAX_RISK_HOLD_THRESHOLD),
});
