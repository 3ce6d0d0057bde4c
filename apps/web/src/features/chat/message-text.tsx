/** One piece of a message text: plain text, or a link to a page of this site. */
export type TextPart = { text: string; href?: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits a message into text and links (SPEC.md 2 message bubbles): message text is plain text,
 * nothing is rendered as HTML, and only links to the site's own domain (`ownHost`) become
 * clickable; every other address stays text.
 */
export function splitMessageText(text: string, ownHost: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index ?? 0;
    let host = '';
    try {
      host = new URL(raw).host.toLowerCase();
    } catch {
      continue;
    }
    if (host !== ownHost.toLowerCase()) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: raw, href: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A message text as React text nodes: links only to this site, everything else plain. */
export function MessageText({ text }: { text: string }) {
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <>
      {splitMessageText(text, host).map((part, i) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <a key={i} href={part.href}>
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
