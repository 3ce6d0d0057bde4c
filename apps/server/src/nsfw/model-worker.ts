/**
 * The explicit-photo model's thread (issue: explicit photos; docs/decisions/023-explicit-photos.md):
 * a `worker_threads` worker that loads nsfwjs once, lazily, and answers `{ id, data }` (the image's
 * bytes) with `{ id, scores }` or `{ id, error }`. The model's WebAssembly runs here, so the 50–250 ms
 * of a photo's scoring never hold up the server's requests on the main thread.
 * Entry `model-worker` of the compiled server (scripts/build-server.mjs); started by threaded-scorer.ts.
 */
import { parentPort } from 'node:worker_threads';
import { createNsfwScorer } from './nsfw-model.js';

/** A photo to score, from the main thread. */
export interface ScoreRequest {
  id: number;
  data: Uint8Array;
}

const scorer = createNsfwScorer();

parentPort?.on('message', async ({ id, data }: ScoreRequest) => {
  try {
    const scores = await scorer.score(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    parentPort?.postMessage({ id, scores });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
