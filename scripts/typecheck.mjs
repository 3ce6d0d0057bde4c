// `npm run typecheck`: `tsc -p` for each TypeScript project, TYPECHECK_JOBS (default 2) at a time,
// the largest first; prints each project's seconds and exits non-zero when any has errors.
// The projects check with different settings (DOM or not, React or Preact JSX) and overlap (the
// server's includes the public site's sources), so they stay separate programs; `tsc -b` would need
// composite projects that emit declarations, which these source-only packages do not.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Largest first, so the long ones do not start last. */
const PROJECTS = ['apps/server', 'apps/web', 'e2e', 'packages/public-site', 'packages/contracts'];
const jobs = Math.max(1, Number(process.env.TYPECHECK_JOBS ?? 2));
const tsc = path.join(root, 'node_modules/.bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(tsc, ['-p', project, '--pretty'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
