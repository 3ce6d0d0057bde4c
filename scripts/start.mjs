// `npm start`: builds what is missing or out of date (the web client, the compiled server), then
// starts the server (which migrates, seeds the embedded database when it is empty and serves on
// PORT). Production runs the compiled JavaScript in apps/server/dist with Node alone. Plain
// JavaScript so it runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { serverNodeOptions } from './node-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
// The back office is the second entry of the same build.
const adminIndex = path.join(root, 'apps/web/dist/admin.html');
const serverMain = path.join(path.resolve(process.env.SERVER_DIST ?? path.join(root, 'apps/server/dist')), 'main.js');
/** The sources the compiled server is made of. */
const SERVER_SOURCES = ['apps/server/src', 'packages/contracts/src', 'packages/public-site/src'];

/** Newest modification time (ms) of any file under `dir`; 0 when it does not exist. */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

if (!existsSync(webIndex) || !existsSync(adminIndex) || process.env.REBUILD === '1') {
  console.log('Building the web client…');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const builtAt = existsSync(serverMain) ? statSync(serverMain).mtimeMs : 0;
if (SERVER_SOURCES.some((dir) => newestMtime(path.join(root, dir)) > builtAt) || process.env.REBUILD === '1') {
  const seconds = await buildServer();
  console.log(`Server built in ${seconds.toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
