import {
  type ConfirmSignal,
  type MessageNeedsConfirmationData,
  SENDER_CONFIRM_KINDS,
  type SenderConfirmKind,
  SIGNAL_WEIGHTS,
  type SignalKindName,
} from '@app/contracts';
import type { MessageSignal } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createSignalDetector, type DetectedSignal, type SignalDetector } from './detect-signals.js';

/**
 * What the send does with a message text's signals (issue: safer conversations;
 * docs/decisions/021-safer-conversations.md). Detection is pure CPU before the send statement; the
 * detectors are built once per process, on the first text.
 */

let detector: SignalDetector | undefined;

/**
 * Texts run through the detectors at start (prepareSignalDetector): plain words, numbers (the first
 * text with "19" or "79" cost the messenger expressions 60-160 ms), a link, an e-mail address, a
 * phone number, a messenger, money (a euro sign makes a two-byte string, which runs another compiled
 * form of each expression).
 */
const WARM_TEXTS = [
  'Hoi, hoe gaat het? Zin om een keer koffie te drinken?',
  'Ik ben 19, jij 79? Bericht 1 van 2',
  'Kijk op www.example.com of mail me op iemand@example.com',
  'Bel me: 06 12345678 of +31 6 1234 5678, ik zit ook op WhatsApp en Telegram @iemand',
  'Stuur me €50 via een cadeaukaart, dan kom ik morgen naar je toe ❤',
];

/**
 * Builds the process's detectors with the operator's word lists (config `safetyWordsDir`), at start
 * so the first message does not wait for the word lists to compile (about a second), and runs them
 * over a few texts (WARM_TEXTS), so the first messages do not pay for compiling the regular
 * expressions either (measured: 1-2.5 s of CPU spread over the first messages after a start;
 * docs/benchmarks.md). The first call wins; later calls return the same
 * detectors.
 * @throws Error when the operator's folder is missing or holds a malformed list (the start fails).
 */
export function prepareSignalDetector(extraWordsDir?: string): SignalDetector {
  if (!detector) {
    detector = createSignalDetector(extraWordsDir ? { extraWordsDir } : {});
    // The first run of these texts costs 1-2.5 s of CPU on a busy machine (compiling the expressions
    // as they are first reached), the second a few ms; with and without a language (a phrase of
    // another language asks the language guesser).
    for (let round = 0; round < 2; round++) {
      for (const text of WARM_TEXTS) {
        detector.detect(text);
        detector.detect(text, { languages: ['en'] });
      }
    }
  }
  return detector;
}

/** The process's detectors (the shipped lists, built on first use, unless prepared at start). */
export function signalDetector(): SignalDetector {
  detector ??= createSignalDetector();
  return detector;
}

/** The signals of one text as the send uses them. */
export interface TextSignals {
  /** Every finding as stored on the message (kind and span), ordered by start. */
  stored: MessageSignal[];
  /** The findings the sender must confirm (links, phone numbers, e-mail addresses, messenger handles). */
  confirm: ConfirmSignal[];
  /** What the message adds to the sender's risk score: the weights of its distinct kinds. */
  weight: number;
}

const CONFIRM = new Set<string>(SENDER_CONFIRM_KINDS);

/**
 * The risk weight of a set of signal kinds: SIGNAL_WEIGHTS summed over the distinct kinds (a kind
 * found twice in one message counts once); unknown kinds weigh 0.
 */
export function riskWeight(kinds: Iterable<string>): number {
  let total = 0;
  for (const kind of new Set(kinds)) total += SIGNAL_WEIGHTS[kind as SignalKindName] ?? 0;
  return total;
}

/**
 * Runs the detectors on a (trimmed) message text in the sender's and the site's languages.
 * Input: the text and the languages to try. Returns TextSignals (offsets are UTF-16 into `text`).
 */
export function analyseText(text: string, languages: readonly string[]): TextSignals {
  const found: DetectedSignal[] = signalDetector().detect(text, { languages });
  const stored = found.map((s) => ({ kind: s.kind, start: s.start, end: s.end }));
  const confirm = found
    .filter((s) => CONFIRM.has(s.kind))
    .map((s) => ({ kind: s.kind as SenderConfirmKind, start: s.start, end: s.end }));
  return { stored, confirm, weight: riskWeight(found.map((s) => s.kind)) };
}

/**
 * 409 message_needs_confirmation with data MessageNeedsConfirmationData: the distinct kinds in
 * SENDER_CONFIRM_KINDS order and every matched part.
 */
export function messageNeedsConfirmation(confirm: readonly ConfirmSignal[]): AppError {
  const kinds = SENDER_CONFIRM_KINDS.filter((k) => confirm.some((s) => s.kind === k));
  const data: MessageNeedsConfirmationData = { kinds, signals: [...confirm] };
  return new AppError('message_needs_confirmation', 409, data);
}
