import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A request to a model's thread: an id and the image's bytes. */
export interface ModelRequest {
  id: number;
  data: Uint8Array;
}

/** A model thread's answer to request `id`: its result, or the error's message. */
export type ModelAnswer<T> = { id: number; result: T } | { id: number; error: string };

/** A model on a `worker_threads` thread of its own. */
export interface ModelThread<T> {
  /**
   * Sends the image `data` (copied) to the thread and answers its result. Starts the thread at the
   * first call (the model loads there, once).
   * @throws the thread's error (an image that cannot be decoded, a model that cannot load), or an
   *   Error when the thread stops meanwhile
   */
  run(data: Buffer): Promise<T>;
  /** Stops the thread (pending calls are refused); a later `run` starts a new one. */
  close(): Promise<void>;
}

/**
 * Where a thread's module is. From the TypeScript sources (tsx, the tests): `source`. In the compiled
 * server (scripts/build-server.mjs) every thread is an entry of its own in dist/ (`<entry>.js`, beside
 * main.js), and this module sits in dist/ or in dist/chunks/.
 */
function threadModule(entry: string, source: URL): URL {
  if (import.meta.url.endsWith('.ts')) return source;
  const dir = new URL('.', import.meta.url);
  return new URL(dir.pathname.endsWith('/chunks/') ? `../${entry}.js` : `./${entry}.js`, dir);
}

/**
 * Starts the thread. A TypeScript module is loaded through tsx's loader, registered inside the thread
 * (on Node 20 a loader given in the process's flags does not reach a worker thread).
 */
function startThread(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  // tsx's ESM register(): its package's `exports` send a require() to the CommonJS build instead.
  const require = createRequire(import.meta.url);
  const tsxDir = path.dirname(require.resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs'));
  const boot = `import(${JSON.stringify(tsx.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true });
}

/**
 * A model that runs on a thread of its own (issues: explicit photos, verified members): its
 * WebAssembly's 50–300 ms a photo then never hold up the server's requests on the main thread. The
 * thread module answers ModelRequest with ModelAnswer (see `serveModel`). The thread does not keep
 * the process alive; one that dies refuses its pending calls (the job retries) and the next call
 * starts a new one. `entry` is the thread's entry of the compiled server; `source` its TypeScript file.
 */
export function createModelThread<T>(entry: string, source: URL): ModelThread<T> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: T) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ensure = (): Worker => {
    if (worker) return worker;
    const started = startThread(threadModule(entry, source));
    started.unref();
    started.on('message', (answer: ModelAnswer<T>) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.result);
    });
    started.on('error', (err) => {
      if (worker === started) worker = null;
      failAll(err);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the model's thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };
  return {
    run(data) {
      const thread = ensure();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const bytes = new Uint8Array(data);
        const request: ModelRequest = { id, data: bytes };
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

/**
 * The thread's side: answers every ModelRequest from the main thread with `handle(bytes)`'s result or
 * its error's message. Called once by a thread module (nsfw/model-worker.ts, …).
 */
export async function serveModel<T>(handle: (data: Buffer) => Promise<T>): Promise<void> {
  const { parentPort } = await import('node:worker_threads');
  parentPort?.on('message', async ({ id, data }: ModelRequest) => {
    try {
      const result = await handle(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      parentPort.postMessage({ id, result } satisfies ModelAnswer<T>);
    } catch (err) {
      parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies ModelAnswer<T>);
    }
  });
}
