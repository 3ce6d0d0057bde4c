/** The kinds and the finding shape of the message signal detectors (issue: safer conversations). */

/** What a detector found. */
export type SignalKind =
  | 'link'
  | 'phone'
  | 'email'
  | 'messenger'
  | 'off_site'
  | 'money'
  | 'gift_card'
  | 'crypto'
  | 'bank';

/** Every kind a text detector answers, in a stable order. */
export const SIGNAL_KINDS: readonly SignalKind[] = [
  'link',
  'phone',
  'email',
  'messenger',
  'off_site',
  'money',
  'gift_card',
  'crypto',
  'bank',
];

/** One finding: its kind and the matched part as UTF-16 offsets [start, end) of the text. */
export interface DetectedSignal {
  kind: SignalKind;
  start: number;
  end: number;
  /** The matched text (`text.slice(start, end)`). */
  text: string;
}
