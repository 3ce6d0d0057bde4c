// `npm run build:server`: compiles the server and its commands to plain JavaScript in
// apps/server/dist (one ES module per entry, with source maps), so production runs Node alone, without
// a TypeScript loader. The workspace packages (@app/*) are compiled in; every other package stays an
// import resolved from node_modules at run time. Plain JavaScript so it runs before anything is built.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
/**
 * Where the compiled server goes: apps/server/dist, or SERVER_DIST (parallel test runs keep their own,
 * e.g. apps/server/dist/e2e: it must stay inside the repository, where node_modules resolve).
 */
const defaultOutdir = () => path.resolve(process.env.SERVER_DIST ?? path.join(serverDir, 'dist'));

/** Entry points: the server and the operators' commands (README). */
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  // The explicit-photo model's thread (src/nsfw/threaded-scorer.ts starts it beside main.js).
  'model-worker': 'src/nsfw/model-worker.ts',
  // The face model's thread (src/faces/threaded-face-model.ts).
  'face-worker': 'src/faces/face-worker.ts',
  staff: 'src/cli/staff.ts',
  site: 'src/cli/site.ts',
  payments: 'src/cli/payments.ts',
  photos: 'src/cli/photos.ts',
  seed: 'src/seed/cli.ts',
  backup: 'src/cli/backup.ts',
};

/** Workspace packages are TypeScript sources: compile them in; leave every other package external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Compiles the server entries into `outdir` (default: SERVER_DIST, else apps/server/dist); resolves
 * with the seconds it took.
 * @throws the esbuild error of the first file that does not compile
 */
export async function buildServer(outdir = defaultOutdir()) {
  const started = performance.now();
  await build({
    absWorkingDir: serverDir,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Preact files name their JSX runtime in a pragma (`@jsxImportSource preact`).
    jsx: 'automatic',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Stylesheets of the public pages' islands belong to the client build (apps/web), not the server.
    loader: { '.css': 'empty' },
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  mkdirSync(outdir, { recursive: true });
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  return (performance.now() - started) / 1000;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = await buildServer();
  console.log(`Server built in ${seconds.toFixed(1)} s (${path.relative(root, defaultOutdir())})`);
}
