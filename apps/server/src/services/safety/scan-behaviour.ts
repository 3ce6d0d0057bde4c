import { SIGNAL_WEIGHTS } from '@app/contracts';
import { findBusySenders, recentTexts, recordBehaviourSignal } from '../../db/repositories/signals.js';
import type { AppDeps } from '../../deps.js';
import { SIMILAR_TEXT_THRESHOLD, textSimilarity } from './detect-signals.js';

/**
 * Thresholds of the behavioural signals (docs/decisions/021-safer-conversations.md). Both look at
 * the last `windowMinutes` of a real member's messages; fictional profiles (and so operators'
 * answers) are never scored, a member's messages to fictional profiles count like any other.
 */
export const BEHAVIOUR_RULES = {
  /** The same or nearly the same text to many members: textSimilarity ≥ `similarity` to ≥ `recipients` profiles. */
  repeatedText: {
    windowMinutes: 60,
    recipients: 3,
    /** The detectors' measured threshold (docs/safety-signals.md). */
    similarity: SIMILAR_TEXT_THRESHOLD,
    /** Shorter texts ("Hi!", "Hoe gaat het?") are everyday openers, not a pattern. */
    minLength: 20,
    /** The newest texts of one sender compared per run. */
    maxTexts: 100,
  },
  /** A new account writing to many members at once: younger than `accountHours`, ≥ `recipients` profiles. */
  massContact: { windowMinutes: 60, recipients: 5, accountHours: 24 },
} as const;

/** What one scan found. */
export interface BehaviourScan {
  /** Senders who got a repeated_text signal now (user ids). */
  repeatedText: number[];
  /** Senders who got a mass_contact signal now (user ids). */
  massContact: number[];
}

/**
 * The newest message of a group of near-identical texts to at least `recipients` different
 * profiles, if one exists and none of the group carries the signal yet; else null. `texts` newest first.
 */
export function repeatedTextMessage(
  texts: readonly { id: number; body: string; recipientId: number; flagged: boolean }[],
  rules: { recipients: number; similarity: number; minLength: number },
): number | null {
  const long = texts.filter((t) => t.body.trim().length >= rules.minLength);
  for (const candidate of long) {
    const alike = long.filter((t) => t === candidate || textSimilarity(candidate.body, t.body) >= rules.similarity);
    if (new Set(alike.map((t) => t.recipientId)).size < rules.recipients) continue;
    if (alike.some((t) => t.flagged)) return null;
    return Math.max(...alike.map((t) => t.id));
  }
  return null;
}

/**
 * The behavioural signals' job (kind `scan_behaviour`, every minute; issue: safer conversations):
 * finds real members who sent (nearly) the same text to BEHAVIOUR_RULES.repeatedText.recipients
 * profiles within the hour, and accounts younger than 24 hours that wrote to
 * BEHAVIOUR_RULES.massContact.recipients profiles within the hour. Each finding is recorded on the
 * newest message of the pattern (kind `repeated_text` / `mass_contact`, no span) and raises the
 * sender's decaying score by its SIGNAL_WEIGHTS in one statement (no read-modify-write), at most
 * once per kind and sender per window; the following messages then meet the hold threshold.
 * Returns who was flagged (user ids).
 */
export async function scanBehaviourSignals(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<BehaviourScan> {
  const { db } = deps;
  const now = deps.clock.now();
  const found: BehaviourScan = { repeatedText: [], massContact: [] };

  const rt = BEHAVIOUR_RULES.repeatedText;
  const rtSince = new Date(now.getTime() - rt.windowMinutes * 60_000);
  for (const sender of await findBusySenders(db, { since: rtSince, now, minRecipients: rt.recipients })) {
    const texts = await recentTexts(db, {
      profileId: sender.profileId,
      since: rtSince,
      now,
      kind: 'repeated_text',
      limit: rt.maxTexts,
    });
    const messageId = repeatedTextMessage(texts, rt);
    if (messageId === null) continue;
    const recorded = await recordBehaviourSignal(db, {
      userId: sender.userId,
      profileId: sender.profileId,
      messageId,
      kind: 'repeated_text',
      weight: SIGNAL_WEIGHTS.repeated_text,
      since: rtSince,
      now,
    });
    if (recorded) found.repeatedText.push(sender.userId);
  }

  const mc = BEHAVIOUR_RULES.massContact;
  const mcSince = new Date(now.getTime() - mc.windowMinutes * 60_000);
  const signedUpAfter = new Date(now.getTime() - mc.accountHours * 3_600_000);
  for (const sender of await findBusySenders(db, {
    since: mcSince,
    now,
    minRecipients: mc.recipients,
    signedUpAfter,
  })) {
    const recorded = await recordBehaviourSignal(db, {
      userId: sender.userId,
      profileId: sender.profileId,
      messageId: sender.newestMessageId,
      kind: 'mass_contact',
      weight: SIGNAL_WEIGHTS.mass_contact,
      since: mcSince,
      now,
    });
    if (recorded) found.massContact.push(sender.userId);
  }
  return found;
}
