/**
 * Scam and abuse signals in a message text (issue: safer conversations; docs/safety-signals.md):
 * deterministic and explainable detectors, each answering the matched part of the text. Built once
 * per process (word lists read and compiled at start); `detect` does only the member's text, in
 * tens of microseconds (`npm run bench:signals`).
 *
 * The detectors: links and e-mail addresses (`find-links.ts`, linkify-it), phone numbers
 * (`find-phones.ts`, libphonenumber-js), IBANs and wallet addresses (`find-accounts.ts`, ibantools),
 * messenger names and handles and the phrases of the word lists per language (`find-words.ts`,
 * `word-lists.ts`, `phrase-patterns.ts`), the language of the text (`detect-language.ts`, eld) and the
 * similarity of two texts (`text-similarity.ts`); the kinds and the finding's shape live in
 * `signal-kinds.ts` (re-exported here) so the detectors import no module that imports them.
 */
import type { CountryCode } from 'libphonenumber-js/min';
import { createLanguageDetector } from './detect-language.js';
import { findAccounts } from './find-accounts.js';
import { createLinkify, findLinks } from './find-links.js';
import { findPhones, phoneCountries } from './find-phones.js';
import { compileWordMatchers, findMessengers, findPhrases, type PhraseHit } from './find-words.js';
import type { DetectedSignal, SignalKind } from './signal-kinds.js';
import { loadWordLists } from './word-lists.js';

export { DEFAULT_PHONE_COUNTRIES } from './find-phones.js';
export { type DetectedSignal, SIGNAL_KINDS, type SignalKind } from './signal-kinds.js';
export {
  isCountableText,
  MIN_SIMILAR_TEXT_LENGTH,
  SIMILAR_TEXT_THRESHOLD,
  textSimilarity,
} from './text-similarity.js';
export { SAFETY_WORDS_DIR_ENV, SHIPPED_WORDS_DIR, WORD_LIST_LANGUAGES } from './word-lists.js';

/** Per message options of `detect`. */
export interface DetectOptions {
  /**
   * The sender's and the site's languages (word-list codes such as `nl`, `en`): their word lists are
   * tried, with English's and the text's own language (eld) when it is told reliably. Without it all
   * eleven are tried.
   */
  languages?: readonly string[];
  /**
   * ISO 3166 codes of the countries a number without a country code belongs to (the site's), tried
   * in order; without it the detector's `countries`.
   */
  countries?: readonly string[];
}

/** The detectors of one process. */
export interface SignalDetector {
  /**
   * Every signal in `text`, ordered by start; overlapping findings of different kinds are all kept.
   * `languages` narrows the word lists tried (the sender's and the site's languages); without it all
   * eleven are tried. Never throws.
   */
  detect(text: string, opts?: DetectOptions): DetectedSignal[];
}

/** Options of `createSignalDetector`. */
export interface SignalDetectorOptions {
  /**
   * A folder of operator word lists (`<lng>.json`, `messengers.json`) whose entries are added to the
   * shipped ones (documented environment variable: `SAFETY_WORDS_DIR`).
   */
  extraWordsDir?: string;
  /** Default countries for phone numbers without a country code (ISO 3166, e.g. the sites' countries). */
  countries?: readonly string[];
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

/** Longer texts are cut to this many UTF-16 units before detection (the chat's own limit is lower). */
const MAX_TEXT_LENGTH = 10_000;

function dedupe(found: DetectedSignal[]): DetectedSignal[] {
  found.sort((a, b) => a.start - b.start || a.end - b.end || a.kind.localeCompare(b.kind));
  const out: DetectedSignal[] = [];
  for (const f of found) {
    // A finding inside another of the same kind adds nothing ("my number is 06…" and "06…").
    if (out.some((o) => o.kind === f.kind && o.start <= f.start && f.end <= o.end)) continue;
    for (let i = out.length - 1; i >= 0; i--) {
      const o = out[i] as DetectedSignal;
      if (o.kind === f.kind && f.start <= o.start && o.end <= f.end) out.splice(i, 1);
    }
    out.push(f);
  }
  // A phone number inside an IBAN or a wallet address is part of the account number; a domain
  // inside an e-mail address ("anna(at)hotmail.com") is part of the address.
  const inside = (f: DetectedSignal, kinds: readonly SignalKind[]) =>
    out.some((o) => o !== f && kinds.includes(o.kind) && o.start <= f.start && f.end <= o.end);
  return out.filter(
    (f) => !(f.kind === 'phone' && inside(f, ['bank', 'crypto'])) && !(f.kind === 'link' && inside(f, ['email'])),
  );
}

/**
 * Builds the process's detectors: reads and compiles the word lists (shipped, plus `extraWordsDir`),
 * sets up linkify-it. Call once at start and share the result.
 * @param opts.extraWordsDir a folder of operator word lists merged over the shipped ones
 * @param opts.countries default countries for phone numbers (ISO 3166); else NL, DE, GB, … (`DEFAULT_PHONE_COUNTRIES`)
 * @throws Error naming the file when a word list is not valid JSON or not of the documented shape, or
 *   a phrase is not a valid regular expression
 */
export function createSignalDetector(opts: SignalDetectorOptions = {}): SignalDetector {
  const lists = loadWordLists(opts.extraWordsDir);
  const allLanguages = Object.keys(lists.languages).sort();
  const linkify = createLinkify();
  const hosts = new Set(lists.messengers.hosts.map((h) => h.toLowerCase()));
  const defaultCountries: readonly CountryCode[] = opts.countries?.length
    ? phoneCountries(opts.countries)
    : phoneCountries(['NL', 'DE', 'GB']);
  const matchers = compileWordMatchers(lists);
  const detectLanguage = createLanguageDetector(allLanguages);

  /** Phrases in the allowed languages; the others only if eld says the text is in their language. */
  const keepPhrases = (
    text: string,
    hits: PhraseHit[],
    given: readonly string[] | undefined,
    out: DetectedSignal[],
  ) => {
    if (!given) {
      for (const h of hits) out.push(h.signal);
      return;
    }
    const allowed = new Set(given);
    allowed.add('en');
    let guessed: string | null | undefined;
    for (const h of hits) {
      if ([...h.languages].some((l) => allowed.has(l))) {
        out.push(h.signal);
        continue;
      }
      if (guessed === undefined) guessed = detectLanguage(text);
      if (guessed && h.languages.has(guessed)) out.push(h.signal);
    }
  };

  return {
    detect(input, detectOpts = {}) {
      try {
        const text = input.length > MAX_TEXT_LENGTH ? input.slice(0, MAX_TEXT_LENGTH) : input;
        const found: DetectedSignal[] = [];
        findLinks(linkify, hosts, text, found);
        const countries = detectOpts.countries?.length ? phoneCountries(detectOpts.countries) : defaultCountries;
        findPhones(text, countries, found);
        findAccounts(text, found);
        findMessengers(matchers, text, found);
        keepPhrases(text, findPhrases(matchers, text), detectOpts.languages, found);
        return dedupe(found);
      } catch {
        // A detector is a signal, not a gate: a failure must never stop a message.
        return [];
      }
    },
  };
}
