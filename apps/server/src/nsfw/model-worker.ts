/**
 * The explicit-photo model's thread (issue: explicit photos; docs/decisions/023-explicit-photos.md):
 * loads nsfwjs once, lazily, and answers each image with its NsfwScores (workers/model-thread.ts).
 * Entry `model-worker` of the compiled server (scripts/build-server.mjs); started by threaded-scorer.ts.
 */
import { serveModel } from '../workers/model-thread.js';
import { createNsfwScorer } from './nsfw-model.js';

const scorer = createNsfwScorer();
await serveModel((data) => scorer.score(data));
