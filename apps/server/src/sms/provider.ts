/** An SMS ready to go out: plain text to one phone number (digits, optionally with a leading +). */
export interface OutgoingSms {
  siteId: number;
  /** What the SMS is for: direct_debit_code. */
  kind: string;
  /** Sender name (at most 11 letters) or number. */
  from: string;
  to: string;
  text: string;
}

/** Something that delivers an SMS for real (an SMS gateway); throws when it was not accepted. */
export interface SmsProvider {
  send(sms: { from: string; to: string; text: string }): Promise<void>;
}
