/**
 * Compressed answers kept by their content (issue 31, the member API at the floor): compressing a
 * small answer in one call (brotli quality 3) cost about 0.1 ms of CPU per request on settings.php,
 * about a fifth of the server's time above the floor there, for an answer the same for every
 * member of a site and language. The same bytes in give the same bytes out, so an answer sent
 * before is sent as compressed then; what goes on the wire does not change.
 */
import { hash } from 'node:crypto';
import zlib from 'node:zlib';

/** Answers up to this many bytes are kept (a settings.php answer is about 2 KB). */
const KEPT_MAX_BYTES = 8 * 1024;
/**
 * Answers kept per encoding, the least recently sent dropped first (a key of 44 characters and the
 * compressed answer each: at most about 8 MB, a few MB in practice). Large enough for the member
 * mix's repeated answers: when the answers sent again outnumber it, each is compressed again and
 * replaces another, which costs more than keeping none (measured with 128: more GC per request).
 */
const KEPT_ANSWERS = 2048;
/** Fingerprints of answers seen once, per encoding (forgotten all at once when full). */
const SEEN_ONCE = 4096;

/** A synchronous compressor as zlib has them: `(buffer, options) => compressed`. */
type SyncCompressor = (buffer: Buffer, options?: never) => Buffer;

/** A 32-bit FNV-1a hash of `buffer`'s bytes: which answers were seen before (never what is sent). */
function fingerprint(buffer: Buffer): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < buffer.length; i++) hash = Math.imul(hash ^ (buffer[i] as number), 0x01000193);
  return hash >>> 0;
}

/**
 * `compress` with its results kept by input content: an input of at most KEPT_MAX_BYTES sent a second
 * time (its fingerprint seen among the last SEEN_ONCE) is kept under its SHA-256, and one kept among
 * the last KEPT_ANSWERS gets the Buffer compressed for it before (callers must not change it). An answer
 * sent once (most of a member's own) costs only its fingerprint and is never held in memory; larger
 * ones are compressed every time.
 */
export function keptByContent(compress: SyncCompressor): SyncCompressor {
  const kept = new Map<string, Buffer>();
  const seen = new Set<number>();
  return (buffer, options) => {
    if (buffer.length > KEPT_MAX_BYTES) return compress(buffer, options);
    const mark = fingerprint(buffer);
    if (!seen.has(mark)) {
      if (seen.size >= SEEN_ONCE) seen.clear();
      seen.add(mark);
      return compress(buffer, options);
    }
    // SHA-256 of the content: the same answer the same key, a different one never (no held copy).
    const key = hash('sha256', buffer, 'base64');
    let out = kept.get(key);
    if (out) {
      // Most recently sent last: Map keeps insertion order.
      kept.delete(key);
    } else {
      out = compress(buffer, options);
      if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
    }
    kept.set(key, out);
    return out;
  };
}

/**
 * The `zlib` option of @fastify/compress: its synchronous brotli and gzip compressors (used for
 * answers up to its `syncThreshold`) keep their results by content (keptByContent); every other
 * part (streams, deflate, decompression) is Node's own, which the plugin takes where this has none.
 */
export function compressionZlib(): Pick<typeof zlib, 'brotliCompressSync' | 'gzipSync'> {
  return {
    brotliCompressSync: keptByContent(zlib.brotliCompressSync as SyncCompressor) as typeof zlib.brotliCompressSync,
    gzipSync: keptByContent(zlib.gzipSync as SyncCompressor) as typeof zlib.gzipSync,
  };
}
