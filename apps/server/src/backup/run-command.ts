import { spawn } from 'node:child_process';

/** Characters of a failed command's stderr kept for its error message. */
const STDERR_KEEP = 4000;

/**
 * Runs a program (no shell) and resolves with its stdout once it exits 0.
 * @param env extra environment variables on top of this process's
 * @throws Error naming the program when it is not installed (with `installHint`), or when it exits
 *   non-zero (with the end of its stderr)
 */
export function runCommand(
  program: string,
  args: string[],
  opts: { env?: Record<string, string>; installHint?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        reject(new Error(`${program} is not installed${opts.installHint ? `: ${opts.installHint}` : ''}`));
      else reject(err);
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'));
      reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no output'}`));
    });
  });
}
