// Compresses the built client's hashed assets once, at build time (`npm run build -w @app/web` runs it
// after vite build): each text asset of 1 KB or more gets a `.br` (brotli quality 11) and a `.gz`
// (gzip level 9) beside it, which the server sends as they are (@fastify/static preCompressed), so no
// request pays for compressing a script and browsers get the smallest files. Usage: precompress.mjs <dist>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` files beside every compressible file of at least MIN_BYTES under
 * `<dist>/assets`; resolves with the number of files compressed and their bytes before and after (br).
 */
export function precompress(dist) {
  const dir = path.join(dist, 'assets');
  let files = 0;
  let before = 0;
  let after = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(name));
    if (!COMPRESSIBLE.has(path.extname(file)) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    files += 1;
    before += raw.length;
    after += br.length;
  }
  return { files, before, after };
}

const dist = process.argv[2];
if (!dist) {
  console.error('usage: node scripts/precompress.mjs <dist folder>');
  process.exit(2);
}
const started = performance.now();
const { files, before, after } = precompress(path.resolve(dist));
console.log(
  `precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
