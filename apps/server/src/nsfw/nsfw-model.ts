import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { tfjsOnWasm } from '../workers/tfjs-wasm.js';

/** The five classes of nsfwjs, each a probability 0..1; the five add up to 1. */
export interface NsfwScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

/** Scores one photo. */
export interface PhotoScorer {
  /**
   * The model's scores of the image `data` (any format sharp decodes: the stored JPEG or WebP).
   * The first call loads the model (once per process; later calls wait for the same load).
   * @throws when the image cannot be decoded or the model cannot be loaded
   */
  score(data: Buffer): Promise<NsfwScores>;
}

/** The model's input: a square of this many pixels a side (nsfwjs's IMAGE_SIZE). */
const MODEL_INPUT_PIXELS = 224;

/** The nsfwjs model the app uses (docs/decisions/023-explicit-photos.md): 3.5 MB, bundled in the package. */
export const NSFW_MODEL = 'MobileNetV2' as const;

type Classifier = { classify(img: unknown, topk?: number): Promise<{ className: string; probability: number }[]> };
type Tf = typeof import('@tensorflow/tfjs');

/**
 * Loads tfjs on its WebAssembly backend (workers/tfjs-wasm.ts) and nsfwjs's bundled MobileNetV2
 * model from the package's own files (no network).
 */
async function loadClassifier(): Promise<{ tf: Tf; model: Classifier }> {
  const tf = await tfjsOnWasm();
  const nsfwjs = await import('nsfwjs');
  const model = (await nsfwjs.load(NSFW_MODEL)) as unknown as Classifier;
  return { tf, model };
}

/**
 * Decodes an image to the model's input: RGB, 224x224, 0..255 integers. The whole picture is
 * squeezed into the square (as nsfwjs does with a browser image), so nothing at its edges is cut off.
 */
export async function modelInput(data: Buffer): Promise<Buffer> {
  return sharp(data, { failOn: 'error' })
    .rotate()
    .resize(MODEL_INPUT_PIXELS, MODEL_INPUT_PIXELS, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/**
 * The nsfwjs scorer (issue: explicit photos): the model is loaded lazily at the first `score` and
 * kept for the life of the process (the job worker's; ~50 ms a photo after that, see
 * docs/benchmarks.md). Scores only in the job queue, never on a request's path.
 */
export function createNsfwScorer(): PhotoScorer {
  let loading: Promise<{ tf: Tf; model: Classifier }> | null = null;
  return {
    async score(data) {
      loading ??= loadClassifier().catch((err) => {
        loading = null;
        throw err;
      });
      const [{ tf, model }, pixels] = await Promise.all([loading, modelInput(data)]);
      const input = tf.tensor3d(
        new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length),
        [MODEL_INPUT_PIXELS, MODEL_INPUT_PIXELS, 3],
        'int32',
      );
      try {
        const predictions = await model.classify(input, 5);
        const scores: NsfwScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
        for (const p of predictions) {
          const key = p.className.toLowerCase() as keyof NsfwScores;
          if (key in scores) scores[key] = p.probability;
        }
        return scores;
      } finally {
        input.dispose();
      }
    },
  };
}

/** Reads a file and scores it (the benchmark and the shipped set's test). */
export async function scoreFile(scorer: PhotoScorer, path: string): Promise<NsfwScores> {
  return scorer.score(await readFile(path));
}
