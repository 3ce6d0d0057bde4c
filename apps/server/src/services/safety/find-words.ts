/**
 * The word-list detectors (issue: safer conversations; docs/safety-signals.md): messaging apps and
 * handles (`messenger`) and the phrases per language of `off_site`, `money`, `gift_card`, `crypto`
 * and `bank`. The lists are compiled into one regular expression per kind and set of languages,
 * kept for the life of the process.
 */
import type { DetectedSignal, SignalKind } from './detect-signals.js';
import { anyOf, appNameSource, phraseSource, WORD_END, WORD_START } from './phrase-patterns.js';
import { PHRASE_KINDS, type WordLists } from './word-lists.js';

/** A handle after an app's name: `: anna_92`, `= anna`, ` @anna`. */
const HANDLE_AFTER = "(?:\\s*[:=]\\s*@?[\\p{L}\\p{N}_][\\p{L}\\p{N}_.\\-]{1,29}|\\s+@[\\p{L}\\p{N}_][\\p{L}\\p{N}_.]{1,29})";
/** `is anna_92`, `ist anna.b`, `er @anna`: a handle (with a digit, `_`, `.` or `@`) after a verb. */
const IS_HANDLE = '\\s+(?:is|ist|er|är|est|è|es|to|on|=)\\s+(?=[\\p{L}\\p{N}_.@]*[\\d_.@])@?[\\p{L}\\p{N}_][\\p{L}\\p{N}_.\\-]{1,29}';
/** `@handle` on its own: not an e-mail address's @ (nothing word-like before it), not a time (@8pm). */
const BARE_HANDLE = '(?<![\\p{L}\\p{N}._%+\\-@])@[\\p{L}_][\\p{L}\\p{N}_.]{2,29}(?<!\\.)';

/** The compiled expressions for one set of languages. */
export interface WordMatchers {
  messenger: RegExp;
  phrases: { kind: SignalKind; re: RegExp }[];
}

function words(lists: WordLists, languages: readonly string[], pick: (l: WordLists['languages'][string]) => string[]) {
  const out: string[] = [];
  for (const lng of languages) {
    const l = lists.languages[lng];
    if (l) out.push(...pick(l));
  }
  return out;
}

/** The source of any app name (for `{app}` in phrases). */
export function anyAppSource(lists: WordLists): string {
  const m = lists.messengers;
  return anyOf([...m.always, ...m.in_context, ...m.social].map(appNameSource));
}

function contextSource(list: string[]): string {
  return anyOf(list.map((w) => phraseSource(w, '(?!)')));
}

/**
 * Compiles the messenger and phrase expressions for `languages` (their app context words and
 * phrases; the app names are the same in every language).
 */
export function compileWordMatchers(lists: WordLists, languages: readonly string[]): WordMatchers {
  const m = lists.messengers;
  const apps = anyAppSource(lists);
  const always = anyOf(m.always.map(appNameSource));
  const inContext = anyOf(m.in_context.map(appNameSource));
  const social = anyOf(m.social.map(appNameSource));
  const possessive = contextSource(words(lists, languages, (l) => l.app_context.possessives));
  const preposition = contextSource(words(lists, languages, (l) => l.app_context.prepositions));
  const me = contextSource(words(lists, languages, (l) => l.app_context.me));
  const before = (ctx: string) => `(?<=${ctx}\\s+)`;
  const meAfter = `(?=\\s+${me})`;
  const messenger = [
    `${WORD_START}${always}${WORD_END}${HANDLE_AFTER}?`,
    `${before(preposition)}${inContext}${WORD_END}${HANDLE_AFTER}?`,
    `${before(possessive)}${inContext}${WORD_END}(?:${HANDLE_AFTER}|${IS_HANDLE})`,
    `${WORD_START}${inContext}${WORD_END}(?:${HANDLE_AFTER}|${meAfter})`,
    `${before(`(?:${possessive}|${me}\\s+${preposition})`)}${social}${WORD_END}${HANDLE_AFTER}?`,
    `${WORD_START}${social}${WORD_END}${HANDLE_AFTER}`,
    BARE_HANDLE,
  ].join('|');
  const phrases = PHRASE_KINDS.map((kind) => ({
    kind,
    re: new RegExp(anyOf(words(lists, languages, (l) => l[kind]).map((p) => phraseSource(p, apps))), 'giu'),
  }));
  return { messenger: new RegExp(messenger, 'giu'), phrases };
}

function collect(kind: SignalKind, re: RegExp, text: string, out: DetectedSignal[]): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    out.push({ kind, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}

/** Appends the messenger and phrase signals of `text` to `out`. */
export function findWords(matchers: WordMatchers, text: string, out: DetectedSignal[]): void {
  collect('messenger', matchers.messenger, text, out);
  for (const { kind, re } of matchers.phrases) collect(kind, re, text, out);
}
