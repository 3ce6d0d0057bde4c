/**
 * The word-list detectors (issue: safer conversations; docs/safety-signals.md): messaging apps and
 * handles (`messenger`) and the phrases per language of `off_site`, `money`, `gift_card`, `crypto`
 * and `bank`. Compiled once: one expression for the messengers, and one small sticky expression per
 * phrase, indexed by the first three letters of its first word. A message's words are looked up in
 * that index and only the phrases starting there are tried at that word, so the cost follows the
 * message's length, not the lists' (a single alternation of every phrase was slow to run and, at
 * 200 kB, slow to compile each time V8 dropped its code).
 */

import { anyOf, appNameSource, phraseSource, WORD_END, WORD_START } from './phrase-patterns.js';
import type { DetectedSignal } from './signal-kinds.js';
import { type LanguageWords, PHRASE_KINDS, type PhraseKind, type WordLists } from './word-lists.js';

/** A handle after an app's name: `: anna_92`, `= anna`, ` @anna`. */
const HANDLE_AFTER =
  '(?:\\s*[:=]\\s*@?[\\p{L}\\p{N}_][\\p{L}\\p{N}_.\\-]{1,29}|\\s+@[\\p{L}\\p{N}_][\\p{L}\\p{N}_.]{1,29})';
/** `is anna_92`, `ist anna.b`, `er @anna`: a handle (with a digit, `_`, `.` or `@`) after a verb. */
const IS_HANDLE =
  '\\s+(?:is|ist|er|är|est|è|es|to|on|=)\\s+(?=[\\p{L}\\p{N}_.@]*[\\d_.@])@?[\\p{L}\\p{N}_][\\p{L}\\p{N}_.\\-]{1,29}';
/** `@handle` on its own: not an e-mail address's @ (nothing word-like before it), not a time (@8pm). */
const BARE_HANDLE = '(?<![\\p{L}\\p{N}._%+\\-@])@[\\p{L}_][\\p{L}\\p{N}_.]{2,29}(?<!\\.)';
const WORD = /[\p{L}\p{N}]+/gu;

/** One phrase: its kind, its sticky expression and the languages whose lists hold it. */
interface PhraseEntry {
  kind: PhraseKind;
  re: RegExp;
  languages: Set<string>;
}

/** The messenger expressions: app names first, the words before them checked only on a match. */
interface MessengerMatchers {
  always: RegExp;
  inContext: RegExp;
  social: RegExp;
  handle: RegExp;
  /** Tested on the 40 characters before an ambiguous name (`$`-anchored). */
  prepositionBefore: RegExp;
  possessiveBefore: RegExp;
  mePrepositionBefore: RegExp;
  /** Sticky: " me" right after a name (snap me, kik mich). */
  meAfter: RegExp;
}

/** The compiled lists. */
export interface WordMatchers {
  messenger: MessengerMatchers;
  /** Phrases by the first three letters (lower case) of their first word. */
  byKey: Map<string, PhraseEntry[]>;
  /** Phrases that start with a placeholder or an expression: tried at every word. */
  anywhere: PhraseEntry[];
}

/** The source of any app name (for `{app}` in phrases). */
export function anyAppSource(lists: WordLists): string {
  const m = lists.messengers;
  return anyOf([...m.always, ...m.in_context, ...m.social].map(appNameSource));
}

function contextSource(lists: WordLists, pick: (l: LanguageWords) => string[]): string {
  const words = Object.values(lists.languages).flatMap(pick);
  return anyOf(words.map((w) => phraseSource(w, '(?!)')));
}

/**
 * The messenger expressions; the context words of every language count (my, mijn, mein, on, op, auf …).
 * An ambiguous name is matched first and the words before it are looked at only then: a look-behind
 * of every context word at every position took milliseconds on texts with an emoji or a euro sign.
 */
function messengerMatchers(lists: WordLists): MessengerMatchers {
  const m = lists.messengers;
  const possessive = contextSource(lists, (l) => l.app_context.possessives);
  const preposition = contextSource(lists, (l) => l.app_context.prepositions);
  const me = contextSource(lists, (l) => l.app_context.me);
  const after = `(?:(?<handle>${HANDLE_AFTER})|(?<is>${IS_HANDLE}))?`;
  const names = (list: string[]) =>
    new RegExp(`${WORD_START}${anyOf(list.map(appNameSource))}${WORD_END}${after}`, 'giu');
  const before = (ctx: string) => new RegExp(`${ctx}\\s+$`, 'iu');
  return {
    always: new RegExp(`${WORD_START}${anyOf(m.always.map(appNameSource))}${WORD_END}${HANDLE_AFTER}?`, 'giu'),
    inContext: names(m.in_context),
    social: names(m.social),
    handle: new RegExp(BARE_HANDLE, 'gu'),
    prepositionBefore: before(preposition),
    possessiveBefore: before(possessive),
    mePrepositionBefore: before(`${me}\\s+${preposition}`),
    meAfter: new RegExp(`\\s+${me}`, 'yiu'),
  };
}

/** The index key of a phrase: the first three letters of its first word, or null (tried everywhere). */
function phraseKey(phrase: string): string | null {
  if (phrase.startsWith('re:')) return null;
  const first = phrase.trim().toLowerCase();
  const m = /^[\p{L}\p{N}]+/u.exec(first);
  return m ? m[0].slice(0, 3) : null;
}

/**
 * Compiles every language's phrases and the messenger expression.
 * @throws SyntaxError when a phrase (an `re:` entry) is not a valid regular expression
 */
export function compileWordMatchers(lists: WordLists): WordMatchers {
  const apps = anyAppSource(lists);
  const bySource = new Map<string, PhraseEntry & { key: string | null }>();
  for (const [lng, words] of Object.entries(lists.languages)) {
    for (const kind of PHRASE_KINDS) {
      for (const phrase of words[kind]) {
        const source = phraseSource(phrase, apps);
        const id = `${kind} ${source}`;
        const known = bySource.get(id);
        if (known) known.languages.add(lng);
        else
          bySource.set(id, { kind, re: new RegExp(source, 'yiu'), languages: new Set([lng]), key: phraseKey(phrase) });
      }
    }
  }
  const byKey = new Map<string, PhraseEntry[]>();
  const anywhere: PhraseEntry[] = [];
  for (const { key, ...entry } of bySource.values()) {
    if (key === null) anywhere.push(entry);
    else byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  return { messenger: messengerMatchers(lists), byKey, anywhere };
}

/** A phrase found, with the languages whose lists hold it. */
export interface PhraseHit {
  signal: DetectedSignal;
  languages: ReadonlySet<string>;
}

function tryAt(entries: readonly PhraseEntry[], text: string, at: number, out: PhraseHit[]): void {
  for (const e of entries) {
    e.re.lastIndex = at;
    const m = e.re.exec(text);
    if (m && m[0].length > 0) {
      out.push({ signal: { kind: e.kind, start: at, end: at + m[0].length, text: m[0] }, languages: e.languages });
    }
  }
}

/** The phrases of every language found in `text`, each with the languages it belongs to. */
export function findPhrases(matchers: WordMatchers, text: string): PhraseHit[] {
  const out: PhraseHit[] = [];
  WORD.lastIndex = 0;
  for (let w = WORD.exec(text); w; w = WORD.exec(text)) {
    const entries = matchers.byKey.get(w[0].slice(0, 3).toLowerCase());
    if (entries) tryAt(entries, text, w.index, out);
    if (matchers.anywhere.length) tryAt(matchers.anywhere, text, w.index, out);
  }
  // Placeholders such as {amount} may start at a currency sign, before any word.
  for (const sign of text.matchAll(/[€$£]/g)) tryAt(matchers.anywhere, text, sign.index ?? 0, out);
  return out;
}

function isFollowedByMe(mm: MessengerMatchers, text: string, at: number): boolean {
  mm.meAfter.lastIndex = at;
  return mm.meAfter.test(text);
}

function push(out: DetectedSignal[], start: number, matched: string): void {
  out.push({ kind: 'messenger', start, end: start + matched.length, text: matched });
}

/** Appends the messenger signals of `text` to `out` (docs/safety-signals.md, "messenger"). */
export function findMessengers(matchers: WordMatchers, text: string, out: DetectedSignal[]): void {
  const mm = matchers.messenger;
  mm.always.lastIndex = 0;
  for (let m = mm.always.exec(text); m; m = mm.always.exec(text)) push(out, m.index, m[0]);
  mm.handle.lastIndex = 0;
  for (let m = mm.handle.exec(text); m; m = mm.handle.exec(text)) push(out, m.index, m[0]);
  mm.inContext.lastIndex = 0;
  for (let m = mm.inContext.exec(text); m; m = mm.inContext.exec(text)) {
    const g = m.groups ?? {};
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const ok =
      g.handle !== undefined ||
      isFollowedByMe(mm, text, m.index + m[0].length) ||
      mm.prepositionBefore.test(before) ||
      (g.is !== undefined && mm.possessiveBefore.test(before));
    if (ok) push(out, m.index, m[0]);
  }
  mm.social.lastIndex = 0;
  for (let m = mm.social.exec(text); m; m = mm.social.exec(text)) {
    const g = m.groups ?? {};
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const ok = g.handle !== undefined || mm.possessiveBefore.test(before) || mm.mePrepositionBefore.test(before);
    if (ok) push(out, m.index, m[0]);
  }
}
