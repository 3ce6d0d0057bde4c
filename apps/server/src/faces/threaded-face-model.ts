import { createModelThread } from '../workers/model-thread.js';
import { type FaceModel, type FoundFace, faceSimilarity } from './face-model.js';

/** The face model on a thread of its own, which can be stopped. */
export interface ThreadedFaceModel extends FaceModel {
  /** Stops the thread (pending calls are refused); a later `largestFace` starts a new one. */
  close(): Promise<void>;
}

/**
 * The face model the server uses (issue: verified members): human on a `worker_threads` thread
 * (face-worker.ts) started at the first `largestFace` and kept for the life of the process; the
 * 0.2–0.7 s of a photo never hold up requests. `similarity` is plain arithmetic, on the caller's thread.
 * @throws (from `largestFace`) the thread's error for an image that cannot be decoded or a model that cannot load
 */
export function createThreadedFaceModel(): ThreadedFaceModel {
  const thread = createModelThread<FoundFace | null>('face-worker', new URL('./face-worker.ts', import.meta.url));
  return { largestFace: (data) => thread.run(data), similarity: faceSimilarity, close: () => thread.close() };
}
