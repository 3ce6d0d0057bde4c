/**
 * Scam and abuse signals in a message text (issue: safer conversations): deterministic and
 * explainable detectors, each answering the matched part of the text. Built once per process
 * (word lists compiled at start); `detect` does only the member's text.
 *
 * This first version holds the interface with simple patterns; the detectors proper (linkify-it,
 * libphonenumber-js, word lists per language) replace its inside, not its shape.
 */

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

/** One finding: its kind and the matched part as UTF-16 offsets [start, end) of the text. */
export interface DetectedSignal {
  kind: SignalKind;
  start: number;
  end: number;
  /** The matched text (`text.slice(start, end)`). */
  text: string;
}

/** The detectors of one process. */
export interface SignalDetector {
  /**
   * Every signal in `text`, ordered by start; overlapping findings of different kinds are all kept.
   * `languages` narrows the word lists tried (the sender's and the site's languages); without it all
   * eleven are tried. Never throws.
   */
  detect(text: string, opts?: { languages?: readonly string[] }): DetectedSignal[];
}

/** Kinds the sender is asked about before sending ("Are you sure?"). */
export const CONFIRM_SIGNAL_KINDS: readonly SignalKind[] = ['link', 'phone', 'email', 'messenger'];
/** Kinds that show the recipient a safety note under the message. */
export const WARN_SIGNAL_KINDS: readonly SignalKind[] = [
  'messenger',
  'off_site',
  'money',
  'gift_card',
  'crypto',
  'bank',
];

const PATTERNS: { kind: SignalKind; re: RegExp }[] = [
  { kind: 'email', re: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  { kind: 'link', re: /\b(?:https?:\/\/|www\.)[^\s]+/gi },
  { kind: 'phone', re: /\+?\d[\d ()-]{7,}\d/g },
  { kind: 'messenger', re: /\b(?:whats\s?app|telegram|snapchat|signal|kik|instagram)\b/gi },
  { kind: 'gift_card', re: /\b(?:gift\s?cards?|itunes|steam\s?card)\b/gi },
  { kind: 'crypto', re: /\b(?:bitcoin|btc|crypto|usdt|ethereum)\b/gi },
];

/**
 * Builds the process's detectors.
 * @param opts.extraWordsDir a folder of operator word lists (`<lng>.json`) merged over the shipped ones.
 */
export function createSignalDetector(_opts: { extraWordsDir?: string } = {}): SignalDetector {
  return {
    detect(text) {
      const found: DetectedSignal[] = [];
      for (const { kind, re } of PATTERNS) {
        for (const m of text.matchAll(re)) {
          const start = m.index ?? 0;
          found.push({ kind, start, end: start + m[0].length, text: m[0] });
        }
      }
      return found.sort((a, b) => a.start - b.start || a.end - b.end);
    },
  };
}

/**
 * How alike two message texts are, 0 (nothing in common) to 1 (the same after normalising case,
 * digits, punctuation and white space): the "same or nearly the same text to many members" signal.
 */
export function textSimilarity(a: string, b: string): number {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\d+/g, '0')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const x = norm(a);
  const y = norm(b);
  if (x === y) return 1;
  const grams = (s: string) => {
    const out = new Set<string>();
    for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
    return out;
  };
  const gx = grams(x);
  const gy = grams(y);
  if (gx.size === 0 || gy.size === 0) return 0;
  let shared = 0;
  for (const g of gx) if (gy.has(g)) shared++;
  return shared / (gx.size + gy.size - shared);
}
