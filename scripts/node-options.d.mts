/** V8's old-space limit for the server, in MB, when NODE_OPTIONS names none (node-options.mjs). */
export const SERVER_HEAP_MB: number;
/** NODE_OPTIONS for the server: `current` with the heap limit added unless it sets its own. */
export function serverNodeOptions(current: string | undefined): string;
