// `npm start`: builds the web client when it is missing, then starts the server (which migrates,
// seeds an empty database and serves on PORT). Plain JavaScript so it runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
// The back office is the second entry of the same build.
const adminIndex = path.join(root, 'apps/web/dist/admin.html');

if (!existsSync(webIndex) || !existsSync(adminIndex) || process.env.REBUILD === '1') {
  console.log('Building the web client…');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
