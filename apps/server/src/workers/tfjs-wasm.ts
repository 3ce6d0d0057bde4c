import { createRequire } from 'node:module';

type Tf = typeof import('@tensorflow/tfjs');

const require = createRequire(import.meta.url);

/** The folder of tfjs-backend-wasm's .wasm files, with a trailing slash (human's `wasmPath` wants it too). */
export const TFJS_WASM_DIR = require
  .resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')
  .replace(/[^/]+$/, '');

/**
 * tfjs on its WebAssembly backend, once per thread (issues: explicit photos, verified members): the
 * .wasm files are read from the package's own folder by file path (Emscripten's loader reads them with
 * fs on Node; the platform's fetch would want URLs), never a native binary (never tfjs-node). Answers
 * the thread's tfjs, ready; a second call finds the backend set and only answers it.
 * @throws when the backend cannot start
 */
export async function tfjsOnWasm(): Promise<Tf> {
  const tf = await import('@tensorflow/tfjs');
  if (tf.getBackend() === 'wasm') return tf;
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  const dist = TFJS_WASM_DIR;
  wasm.setWasmPaths(
    {
      'tfjs-backend-wasm.wasm': `${dist}tfjs-backend-wasm.wasm`,
      'tfjs-backend-wasm-simd.wasm': `${dist}tfjs-backend-wasm-simd.wasm`,
      'tfjs-backend-wasm-threaded-simd.wasm': `${dist}tfjs-backend-wasm-threaded-simd.wasm`,
    },
    false,
  );
  tf.enableProdMode();
  await tf.setBackend('wasm');
  await tf.ready();
  return tf;
}
