/**
 * The face model's thread (issue: verified members; docs/decisions/026-verified-members.md): loads
 * human once, lazily, and answers each image with its largest face or null (workers/model-thread.ts).
 * Entry `face-worker` of the compiled server (scripts/build-server.mjs); started by threaded-face-model.ts.
 */
import { serveModel } from '../workers/model-thread.js';
import { createFaceModel } from './face-model.js';

const model = createFaceModel();
await serveModel((data) => model.largestFace(data));
