/**
 * Links and e-mail addresses in a message text (issue: safer conversations; docs/safety-signals.md):
 * linkify-it with fuzzy links (bare domains such as bit.ly/x or example.com) and every top-level
 * domain of the `tlds` list, plus written-out obfuscations ("example dot com", "anna at gmail dot
 * com"). A link to a messaging app (t.me/…, wa.me/…) is also a `messenger` signal.
 */
import { createRequire } from 'node:module';
import { LinkifyIt } from 'linkify-it';
import { WORD_END, WORD_START } from './phrase-patterns.js';
import type { DetectedSignal } from './signal-kinds.js';

// `tlds` is a JSON module: required, so Node 20 loads it without an import attribute.
const TLDS = createRequire(import.meta.url)('tlds') as string[];

/**
 * Top-level domains a bare domain without a path is taken with: the usual ones, the ones scam
 * links use, and country codes that are not everyday words run into a sentence ("ok.so", "hi.how",
 * "fine.How" are typos, not links). With a path (example.whatever/x), a scheme or www every TLD counts.
 */
const BARE_TLDS: readonly string[] = (
  'com net org info biz io co me ly app xyz online site top club shop store live link click vip fun icu cc tv gg ' +
  'ws pw cam dating love date chat social one life world today website space tech win bid loan money cash ' +
  'nl de be uk eu fr es pl se dk fi no ch at ru ua cz sk hu ro bg gr pt ie lu lt lv ee ca us au nz ng gh za br ' +
  'mx ar cn jp kr tr ae ph id my vn th pk cm ci ke sn ma tn eg su gl'
).split(' ');

/** Link shorteners: always a link, also without a path. */
const SHORTENERS = [
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'is.gd',
  'ow.ly',
  'cutt.ly',
  'rb.gy',
  'shorturl.at',
  'tiny.cc',
  'rebrand.ly',
  't.ly',
  'linktr.ee',
];

const DOT_WORD =
  '(?:\\s*[(\\[{<]\\s*(?:dot|punt|punkt|point|punto|piste|prik|kropka|\\.)\\s*[)\\]}>]\\s*|\\s+(?:dot|punt|punkt|point|punto|piste|prik|kropka)\\s+)';
const AT_WORD =
  '(?:\\s*[(\\[{<]\\s*(?:at|ät|@|a)\\s*[)\\]}>]\\s*|\\s+(?:at|ät|apenstaartje|klammeraffe|snabel-?a|chiocciola|arroba|małpa|malpa|kissanhäntä)\\s+|\\s*@\\s+|\\s+@\\s*)';
/** Mail providers whose name is no everyday word: "anna gmail com" is an address. */
const STRONG_PROVIDERS =
  'gmail|googlemail|hotmail|outlook|yahoo|ymail|icloud|aol|msn|gmx|t-online|freenet|posteo|protonmail|tutanota|ziggo|kpnmail|kpnplanet|hetnet|xs4all|telenet|skynet|wanadoo|laposte|libero|virgilio|tiscali|seznam|yandex|onet|interia|bluewin|telia|jubii';
/** Every provider, the everyday words among them (live, me, home, free, web) only with a TLD. */
const MAIL_PROVIDERS = `${STRONG_PROVIDERS}|live|me|mac|web|mailbox|proton|pm|planet|home|orange|free|sfr|alice|wp|o2|op|mail|email|inbox|zoho|online|sol|tele2`;
const TLD_WORD =
  '(?:com|net|org|nl|de|be|uk|co\\.uk|eu|fr|es|it|pl|se|dk|fi|no|ch|at|ru|info|io|me|ly|xyz|online|site|top|club|shop|live|link)';
const DOT_OR_SPACE = `(?:${DOT_WORD}|\\s*\\.\\s*|\\s+)`;

/** "anna95 at gmail dot com", "anna(at)gmail.com", "anna @ hotmail . com", "anna95 gmail com". */
const OBFUSCATED_EMAIL = new RegExp(
  `${WORD_START}[\\p{L}\\p{N}][\\p{L}\\p{N}._+\\-]*(?:` +
    `${AT_WORD}(?:${STRONG_PROVIDERS})(?:${DOT_OR_SPACE}${TLD_WORD})?` +
    `|${AT_WORD}(?:${MAIL_PROVIDERS})(?:${DOT_WORD}|\\s*\\.\\s*)${TLD_WORD}` +
    `|\\s+(?:${STRONG_PROVIDERS})${DOT_OR_SPACE}${TLD_WORD})${WORD_END}`,
  'giu',
);
/**
 * "example dot com", "example(.)com", "example [dot] net": a link written out. Only "dot", "punt",
 * "punkt" and brackets: "punto", "point" and "prik" are everyday words before "es", "de" or "it".
 */
const LINK_DOT = '(?:\\s*[(\\[{<]\\s*(?:dot|punt|punkt|\\.)\\s*[)\\]}>]\\s*|\\s+(?:dot|punt|punkt)\\s+)';
const OBFUSCATED_LINK = new RegExp(
  `${WORD_START}[\\p{L}\\p{N}][\\p{L}\\p{N}\\-]*${LINK_DOT}${TLD_WORD}${WORD_END}(?:\\/\\S*)?`,
  'giu',
);
const MAIL_PROVIDER_HOST = new RegExp(`^(?:${MAIL_PROVIDERS})$`, 'i');

/** linkify-it set up once: fuzzy links and e-mail addresses, every TLD. */
export function createLinkify(): LinkifyIt {
  return new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false }).tlds(TLDS);
}

function isSentenceTypo(text: string): boolean {
  if (/^(?:https?:|ftp:|\/\/|www\.)/i.test(text)) return false;
  const host = text.split(/[/?#]/, 1)[0]?.toLowerCase() ?? '';
  if (SHORTENERS.includes(host)) return false;
  if (text.length > host.length + 1) return false;
  const tldRaw = text.slice(text.lastIndexOf('.') + 1);
  if (/^\p{Lu}\p{Ll}+$/u.test(tldRaw)) return true;
  return !BARE_TLDS.includes(tldRaw.toLowerCase());
}

/** The host of a link, lower case, without www. */
export function linkHost(url: string): string {
  const bare = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
  return bare.split(/[/?#:]/, 1)[0]?.toLowerCase() ?? '';
}

/**
 * Appends link, e-mail and messenger-link signals of `text` to `out`. `hosts` are messaging apps'
 * link hosts (a link there is also a messenger signal).
 */
export function findLinks(linkify: LinkifyIt, hosts: ReadonlySet<string>, text: string, out: DetectedSignal[]): void {
  const hasDot = text.includes('.');
  if (hasDot || text.includes('@') || text.includes(':')) {
    for (const m of linkify.match(text) ?? []) {
      const found = { start: m.index, end: m.lastIndex, text: m.raw };
      if (m.schema === 'mailto:' && !/^mailto:/i.test(m.raw)) {
        out.push({ kind: 'email', ...found });
        continue;
      }
      if (m.schema === '' && isSentenceTypo(m.raw)) continue;
      out.push({ kind: 'link', ...found });
      const host = linkHost(m.url);
      if (hosts.has(host) || hosts.has(`${host}/${m.raw.split('/')[1] ?? ''}`))
        out.push({ kind: 'messenger', ...found });
    }
  }
  OBFUSCATED_EMAIL.lastIndex = 0;
  for (let m = OBFUSCATED_EMAIL.exec(text); m; m = OBFUSCATED_EMAIL.exec(text)) {
    out.push({ kind: 'email', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  OBFUSCATED_LINK.lastIndex = 0;
  for (let m = OBFUSCATED_LINK.exec(text); m; m = OBFUSCATED_LINK.exec(text)) {
    const label = m[0].split(/[\s([{<]/, 1)[0] ?? '';
    if (MAIL_PROVIDER_HOST.test(label)) continue;
    out.push({ kind: 'link', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}
