// How Node runs the server (docs/operations.md, memory). Plain JavaScript: `npm start` uses it
// before anything is built, and bench:http starts the server the same way.

/**
 * V8's old-space limit for the server, in MB, when NODE_OPTIONS names none. Node otherwise sizes the
 * heap from the machine's memory (about 4 GB on 24 GiB) and lets garbage pile up under load: the
 * member API mix left the server at 380–420 MB resident; with this limit 234 MB, at the same rate
 * (docs/benchmarks.md). The idle heap is about 75 MB.
 */
export const SERVER_HEAP_MB = 384;

/**
 * NODE_OPTIONS for the server process: `current` with `--max-old-space-size=SERVER_HEAP_MB` added
 * unless it sets its own limit (an operator's NODE_OPTIONS wins).
 * @param {string | undefined} current
 * @returns {string}
 */
export function serverNodeOptions(current) {
  if (current && /--max-old-space-size\b/.test(current)) return current;
  return [current, `--max-old-space-size=${SERVER_HEAP_MB}`].filter(Boolean).join(' ');
}
