import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HeadAngles } from '@app/contracts';
import sharp from 'sharp';
import { TFJS_WASM_DIR, tfjsOnWasm } from '../workers/tfjs-wasm.js';

/** One face found in a photo: its descriptor (the model's embedding) and the detector's confidence. */
export interface FoundFace {
  /** The face description model's embedding (faceres: 1024 numbers); compare two with `faceSimilarity`. */
  embedding: number[];
  /** The detector's confidence 0..1. */
  score: number;
  /** The face's box in the scaled picture, as fractions 0..1 of its width and height: [x, y, width, height]. */
  box: [number, number, number, number];
  /**
   * How the head is turned, in degrees, as FaceMesh estimates it from the picture as stored (not
   * mirrored), or null when the mesh gave none: poseMatches (services/verification/rules.ts) gives the signs.
   */
  angles: HeadAngles | null;
}

/** Finds the faces of photos (issue: verified members; docs/decisions/026-verified-members.md). */
export interface FaceModel {
  /**
   * The largest face of the image `data` (any format sharp decodes), or null when it has none.
   * The first call loads the model (once per process; later calls wait for the same load).
   * @throws when the image cannot be decoded or the model cannot be loaded
   */
  largestFace(data: Buffer): Promise<FoundFace | null>;
  /** Similarity 0..1 of two embeddings of `largestFace` (the same person ≈ 0.7–0.8, others 0.15–0.45). */
  similarity(a: readonly number[], b: readonly number[]): number;
}

/** Photos are scaled to fit this many pixels a side before the model sees them: the WASM heap never shrinks. */
export const FACE_INPUT_PIXELS = 800;

/** The package's model folder (blazeface, facemesh, faceres: inside the npm package, no network). */
const require = createRequire(import.meta.url);
// The package's `exports` map refuses its own dist files on Node: find its folder through the main
// entry (resolved only, never loaded: it wants tfjs-node) and load the WASM build by file path.
const HUMAN_DIST = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
const MODEL_DIR = path.join(path.dirname(HUMAN_DIST), '..', 'models');

type Tf = typeof import('@tensorflow/tfjs');
interface HumanResult {
  face: {
    embedding?: number[];
    score: number;
    boxRaw: [number, number, number, number];
    box: number[];
    rotation?: { angle?: { yaw: number; pitch: number; roll: number } } | null;
  }[];
}
interface HumanInstance {
  tf: Tf;
  load(): Promise<void>;
  init(): Promise<void>;
  detect(input: unknown): Promise<HumanResult & { error?: string | null }>;
}

/** What the model is asked for: face detection, mesh (to align the face) and the description only. */
const HUMAN_CONFIG = {
  backend: 'wasm',
  modelBasePath: 'file://models/',
  debug: false,
  async: true,
  warmup: 'none',
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: true, equalization: false, return: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 4, minConfidence: 0.4, return: false, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: true, skipFrames: 0, skipTime: 0 },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
};

/**
 * A tfjs IO handler reading a `file://models/<name>.json` model and its weight files with fs from the
 * package's own folder (the platform's fetch would want URLs; the package's `exports` map is broken on
 * Node, so nothing is resolved through it).
 */
function fileLoader(tf: Tf, url: string): import('@tensorflow/tfjs').io.IOHandler {
  const file = path.join(MODEL_DIR, path.basename(url.replace(/^file:\/\//, '')));
  return {
    async load() {
      const json = JSON.parse(await readFile(file, 'utf8'));
      return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
        const specs = manifest.flatMap((group) => group.weights);
        const parts = await Promise.all(
          manifest.flatMap((group) => group.paths).map((p) => readFile(path.join(MODEL_DIR, p))),
        );
        const all = Buffer.concat(parts);
        return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)];
      });
    },
  };
}

/**
 * Loads `@vladmandic/human` on tfjs's WebAssembly backend (its `dist/human.node-wasm.js` by file
 * path) with the package's models read through fs. Shares tfjs with the explicit-photo model.
 */
async function loadHuman(): Promise<HumanInstance> {
  const tf = await tfjsOnWasm();
  // A router answers null for URLs it does not serve (tfjs's own routers do; its type says otherwise).
  const noHandler = null as unknown as import('@tensorflow/tfjs').io.IOHandler;
  tf.io.registerLoadRouter((url) =>
    typeof url === 'string' && url.startsWith('file://') ? fileLoader(tf, url) : noHandler,
  );
  const { Human } = require(HUMAN_DIST) as { Human: new (config: object) => HumanInstance };
  const human = new Human({ ...HUMAN_CONFIG, wasmPath: TFJS_WASM_DIR });
  await human.load();
  return human;
}

/** Decodes an image upright, scaled to fit FACE_INPUT_PIXELS, as RGB 0..255. */
export async function faceInput(data: Buffer): Promise<{ pixels: Buffer; width: number; height: number }> {
  const { data: pixels, info } = await sharp(data, { failOn: 'error' })
    .rotate()
    .resize(FACE_INPUT_PIXELS, FACE_INPUT_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels, width: info.width, height: info.height };
}

/**
 * The face model of verified members (`@vladmandic/human` 3: BlazeFace, FaceMesh and FaceRes,
 * bundled in the package) on tfjs's WebAssembly backend; loaded lazily at the first use and kept for
 * the life of the process (the job worker's). Runs only in the job queue, never on a request's path.
 */
export function createFaceModel(): FaceModel {
  let loading: Promise<HumanInstance> | null = null;
  return {
    async largestFace(data) {
      loading ??= loadHuman().catch((err) => {
        loading = null;
        throw err;
      });
      const [h, input] = await Promise.all([loading, faceInput(data)]);
      const tensor = h.tf.tensor4d(new Float32Array(input.pixels), [1, input.height, input.width, 3], 'float32');
      try {
        const result = await h.detect(tensor);
        if (result.error) throw new Error(`face model: ${result.error}`);
        const faces = result.face.filter((f) => f.embedding && f.embedding.length > 0);
        if (faces.length === 0) return null;
        const area = (f: (typeof faces)[number]) => f.boxRaw[2] * f.boxRaw[3];
        const best = faces.reduce((a, b) => (area(b) > area(a) ? b : a));
        const angle = best.rotation?.angle;
        const degrees = (radians: number) => Math.round(((radians * 180) / Math.PI) * 10) / 10;
        return {
          embedding: Array.from(best.embedding as number[]),
          score: best.score,
          box: best.boxRaw,
          angles: angle ? { yaw: degrees(angle.yaw), pitch: degrees(angle.pitch), roll: degrees(angle.roll) } : null,
        };
      } finally {
        tensor.dispose();
      }
    },
    similarity: faceSimilarity,
  };
}

/**
 * Similarity 0..1 of two face embeddings, as `human.match.similarity` computes it with its defaults
 * (order 2, multiplier 25, normalised from the range 0.2..0.8), without its rounding to two decimals:
 * d = 25 · Σ(aᵢ − bᵢ)², s = (1 − √d / 100 − 0.2) / 0.6, clamped to 0..1. 0 for embeddings of
 * different lengths (or none).
 */
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  const distance = 25 * sum;
  const s = (1 - Math.sqrt(distance) / 100 - 0.2) / 0.6;
  return Math.max(0, Math.min(1, s));
}
