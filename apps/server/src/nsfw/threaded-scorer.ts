import { createModelThread } from '../workers/model-thread.js';
import type { NsfwScores, PhotoScorer } from './nsfw-model.js';

/** A scorer whose model runs on a thread of its own, and can be stopped. */
export interface ThreadedPhotoScorer extends PhotoScorer {
  /** Stops the thread (pending scores are refused); a later `score` starts a new one. */
  close(): Promise<void>;
}

/**
 * The explicit-photo scorer the server uses (issue: explicit photos): nsfwjs on a `worker_threads`
 * thread (model-worker.ts) started at the first `score` and kept for the life of the process. The
 * job worker's call waits for the thread's answer while the main thread goes on serving requests.
 * @throws (from `score`) the thread's error for an image that cannot be decoded or a model that cannot load
 */
export function createThreadedScorer(): ThreadedPhotoScorer {
  const thread = createModelThread<NsfwScores>('model-worker', new URL('./model-worker.ts', import.meta.url));
  return { score: (data) => thread.run(data), close: () => thread.close() };
}
