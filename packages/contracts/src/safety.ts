/**
 * Scam and abuse signals on messages (issue: safer conversations; docs/decisions/021-safer-conversations.md):
 * the kinds a message can carry, which of them the sender confirms before sending and which show the
 * recipient a safety note. Plain values without zod, so the member app's chat can use them cheaply.
 */

/** Signals found in a message's text, each with the matched part (docs/safety-signals.md). */
export const TEXT_SIGNAL_KINDS = [
  'link',
  'phone',
  'email',
  'messenger',
  'off_site',
  'money',
  'gift_card',
  'crypto',
  'bank',
] as const;
export type TextSignalKind = (typeof TEXT_SIGNAL_KINDS)[number];

/**
 * Signals about the sender's behaviour, found after the send and recorded on the message that
 * completed the pattern (no span): the same or nearly the same text to many members within an hour
 * (`repeated_text`), a new account writing to many members within an hour (`mass_contact`).
 */
export const BEHAVIOUR_SIGNAL_KINDS = ['repeated_text', 'mass_contact'] as const;
export type BehaviourSignalKind = (typeof BEHAVIOUR_SIGNAL_KINDS)[number];

/** Every signal kind a message can carry. */
export const SIGNAL_KINDS = [...TEXT_SIGNAL_KINDS, ...BEHAVIOUR_SIGNAL_KINDS] as const;
export type SignalKindName = (typeof SIGNAL_KINDS)[number];

/**
 * Kinds the sender is asked about before a text is sent ("Are you sure?"): the send answers
 * 409 message_needs_confirmation until the request says `confirmed: true`.
 */
export const SENDER_CONFIRM_KINDS = [
  'link',
  'phone',
  'email',
  'messenger',
] as const satisfies readonly TextSignalKind[];
export type SenderConfirmKind = (typeof SENDER_CONFIRM_KINDS)[number];

/**
 * Kinds that show the recipient a safety note under the message (moving off the site, asking for
 * money): `ChatMessage.safety_signals` carries them, only in the recipient's view.
 */
export const RECIPIENT_WARN_KINDS = [
  'messenger',
  'off_site',
  'money',
  'gift_card',
  'crypto',
  'bank',
] as const satisfies readonly TextSignalKind[];
export type RecipientWarnKind = (typeof RECIPIENT_WARN_KINDS)[number];

/** The warn kinds that ask to move the conversation off the site (the others ask for money). */
export const OFF_SITE_WARN_KINDS = ['messenger', 'off_site'] as const satisfies readonly RecipientWarnKind[];

/** Where the safety note links to: the site's safety page (a site page, staff may override its text). */
export const SAFETY_PAGE_PATH = '/pages/safety';

/**
 * The report reason a one-tap report from a safety note preselects: every warn kind is a scam
 * pattern (moving off the site is the first step of most romance scams).
 */
export function reportReasonForSignal(_kind: RecipientWarnKind): 'scam' {
  return 'scam';
}

/**
 * Risk score weight of each signal kind (docs/decisions/021-safer-conversations.md): a message adds
 * the weights of its distinct kinds to its sender's score (a kind found twice in one message counts
 * once). Contact details alone weigh little (members do swap numbers); asking for money weighs most.
 */
export const SIGNAL_WEIGHTS: Readonly<Record<SignalKindName, number>> = {
  link: 1,
  phone: 1,
  email: 1,
  messenger: 2,
  off_site: 2,
  money: 3,
  bank: 4,
  crypto: 4,
  gift_card: 5,
  repeated_text: 3,
  mass_contact: 3,
};

/** Days after which a risk score has halved (it decays continuously). */
export const RISK_HALF_LIFE_DAYS = 7;
/** A site's hold threshold unless staff set another (sites.risk_hold_threshold's default). */
export const DEFAULT_RISK_HOLD_THRESHOLD = 10;
