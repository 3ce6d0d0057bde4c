import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScoreRequest } from './model-worker.js';
import type { NsfwScores, PhotoScorer } from './nsfw-model.js';

/** An answer of the model's thread (model-worker.ts). */
type ScoreAnswer = { id: number; scores: NsfwScores } | { id: number; error: string };

/** A scorer whose model runs on a thread of its own, and can be stopped. */
export interface ThreadedPhotoScorer extends PhotoScorer {
  /** Stops the thread (pending scores are refused); a later `score` starts a new one. */
  close(): Promise<void>;
}

/**
 * Where the thread's module is: beside this one while the server runs from its TypeScript sources
 * (tsx, the tests), else the compiled server's `model-worker.js` entry (scripts/build-server.mjs) in
 * dist/, whose shared code sits in dist/chunks/.
 */
function workerModule(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./model-worker.ts', here);
  const dir = new URL('.', here);
  return dir.pathname.endsWith('/chunks/') ? new URL('../model-worker.js', dir) : new URL('./model-worker.js', dir);
}

/**
 * Starts the thread. A TypeScript module is loaded through tsx's loader, registered inside the thread
 * (a loader in the process's flags does not reach a worker thread on Node 20).
 */
function startWorker(): Worker {
  const file = workerModule();
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'));
  const boot = `import(${JSON.stringify(tsxApi.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true });
}

/**
 * The explicit-photo scorer the server uses (issue: explicit photos): nsfwjs on a `worker_threads`
 * thread started at the first `score` and kept for the life of the process (the model loads once,
 * there). The job worker's call waits for the thread's answer while the main thread goes on serving
 * requests. The thread does not keep the process alive; a thread that dies refuses its pending scores
 * (the job retries) and the next `score` starts a new one.
 * @throws (from `score`) the thread's error for an image that cannot be decoded or a model that cannot load
 */
export function createThreadedScorer(): ThreadedPhotoScorer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (s: NsfwScores) => void; reject: (e: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.unref();
    started.on('message', (answer: ScoreAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.scores);
    });
    started.on('error', (err) => {
      if (worker === started) worker = null;
      failAll(err);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the photo model's thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };
  return {
    score(data) {
      const thread = ensureWorker();
      const id = nextId++;
      return new Promise<NsfwScores>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A copy: the job keeps its buffer, the thread gets its own bytes.
        const bytes = new Uint8Array(data);
        const request: ScoreRequest = { id, data: bytes };
        thread.postMessage(request, [bytes.buffer as ArrayBuffer]);
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
