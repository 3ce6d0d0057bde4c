/**
 * Turns the word lists' entries into regular-expression sources (docs/safety-signals.md, "Phrase
 * syntax"). Pure and run only while the detectors are built.
 */

/** Not part of a word: the edges every phrase is matched within. */
export const WORD_START = '(?<![\\p{L}\\p{N}_])';
export const WORD_END = '(?![\\p{L}\\p{N}_])';

/** A sum of money: €50, 50 €, $ 1,500, 200 euros, 300 dollars, 1000 kr, 99,50 EUR, 100 zł. */
export const AMOUNT =
  '(?:[€$£]\\s?\\d[\\d.,\\s]*\\d|[€$£]\\s?\\d|\\d[\\d.,]*\\s?(?:[€$£]|(?:eur|euro|euros|dollars?|usd|gbp|pounds?|quid|kr|kroner|kronor|kronen|zł|zl|pln|złotych|chf|franken|francs?)' +
  WORD_END +
  '))';

const NUMBER = '\\+?\\d[\\d\\s.\\-/]*\\d|\\d';
const GAP = '(?:[\\s,]+[^\\s]+){0,3}?[\\s,]+';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordSource(word: string, apps: string): string {
  if (word === '{amount}') return AMOUNT;
  if (word === '{n}') return `(?:${NUMBER})`;
  if (word === '{app}') return apps;
  const open = word.endsWith('*');
  const body = open ? word.slice(0, -1) : word;
  let out = '';
  for (const part of body.split('_')) {
    if (out) out += '[\\s\\-]?';
    out += escapeRegex(part).replace(/'/g, "['’]?");
  }
  return open ? `${out}[\\p{L}\\p{N}]*` : out;
}

/**
 * One phrase of a word list as a regular-expression source, matched on word edges: a space is any
 * white space, '_' an optional space or hyphen, a trailing '*' any word ending, '…' (or '...') up to
 * three words, {amount} a sum of money, {n} a number, {app} a messaging or social app (`apps`: its
 * source); an entry starting with 're:' is used as it is.
 */
export function phraseSource(phrase: string, apps: string): string {
  if (phrase.startsWith('re:')) return `(?:${phrase.slice(3)})`;
  const words = phrase.trim().toLowerCase().split(/\s+/);
  let out = '';
  let joinWith = '';
  for (const word of words) {
    if (word === '…' || word === '...') {
      joinWith = GAP;
      continue;
    }
    if (out) out += joinWith || '\\s+';
    joinWith = '';
    out += wordSource(word, apps);
  }
  const last = words[words.length - 1] ?? '';
  const end = last.endsWith('*') || last === '{amount}' ? '' : WORD_END;
  return `${WORD_START}(?:${out})${end}`;
}

/** The alternation of several sources, longest phrase first so the widest span wins. */
export function anyOf(sources: readonly string[]): string {
  const unique = [...new Set(sources)].sort((a, b) => b.length - a.length);
  return unique.length ? `(?:${unique.join('|')})` : '(?!)';
}

const SEPARATOR = "[\\s.\\-_*·'’]";

const LOOKALIKE: Record<string, string> = {
  a: '[aà-å@4]',
  e: '[eè-ë3€]',
  i: '[iì-ï1!|l]',
  o: '[oò-ö0]',
  s: '[s$5z]',
  t: '[t7+]',
  g: '[g9]',
  l: '[l1|i]',
  u: '[uù-üv]',
  c: '[ck]',
};

/**
 * An app's name as a source that also finds its obfuscations: look-alike characters (whats@pp,
 * 1nstagram, telegr4m) and, for names of five letters or more, the name with a gap of one or two
 * spaces, dots, hyphens, underscores or stars between every two letters (w h a t s a p p,
 * t.e.l.e.g.r.a.m); a gap between only some letters is not taken ("we chat" is not WeChat). A space
 * in the name may be left out or be such a gap.
 */
export function appNameSource(name: string): string {
  const words = name.toLowerCase().trim().split(/\s+/);
  const letters = (word: string) => [...word].map((ch) => LOOKALIKE[ch] ?? escapeRegex(ch));
  const compact = words.map((w) => letters(w).join('')).join(`${SEPARATOR}{0,2}`);
  if (words.join('').length < 5) return compact;
  const gapped = words.map((w) => letters(w).join(`${SEPARATOR}{1,2}`)).join(`${SEPARATOR}{1,2}`);
  return `(?:${compact}|${gapped})`;
}
