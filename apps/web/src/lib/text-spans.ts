/** A marked part of a text: a kind and UTF-16 offsets [start, end) (null offsets: no part, e.g. a behaviour signal). */
export interface TextSpan<K extends string> {
  kind: K;
  start: number | null;
  end: number | null;
}

/** One piece of a text: plain (`kinds` empty) or matched by one or more kinds (in the order first given). */
export interface SpanPart<K extends string> {
  text: string;
  kinds: K[];
}

/**
 * Splits `text` into plain and marked pieces for highlighting (issue: safer conversations: the sender's
 * draft in the "Are you sure?" dialog, a message in the back office's Signals detail). Spans may
 * overlap (a messenger name inside a link): the text is cut at every span edge and each piece carries
 * every kind covering it; neighbouring pieces with the same kinds are joined. Spans without offsets,
 * empty or reversed ones are ignored and offsets past the end are clamped, so a stale span never
 * throws. Concatenating the pieces' texts gives `text` back.
 */
export function splitBySpans<K extends string>(text: string, spans: readonly TextSpan<K>[]): SpanPart<K>[] {
  const valid = spans
    .filter((s): s is { kind: K; start: number; end: number } => s.start !== null && s.end !== null)
    .map((s) => ({ kind: s.kind, start: Math.max(0, s.start), end: Math.min(text.length, s.end) }))
    .filter((s) => s.start < s.end);
  const cuts = [...new Set([0, text.length, ...valid.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const parts: SpanPart<K>[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const kinds = [...new Set(valid.filter((s) => s.start <= from && s.end >= to).map((s) => s.kind))];
    const last = parts.at(-1);
    if (last && sameKinds(last.kinds, kinds)) last.text += text.slice(from, to);
    else parts.push({ text: text.slice(from, to), kinds });
  }
  return parts;
}

function sameKinds<K>(a: readonly K[], b: readonly K[]): boolean {
  return a.length === b.length && a.every((k) => b.includes(k));
}
