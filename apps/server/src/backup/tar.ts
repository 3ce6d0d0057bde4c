import { runCommand } from './run-command.js';

const TAR_HINT = 'install GNU tar (Debian: apt-get install tar)';

/**
 * Writes the tar archive `file` of `names` (files or folders) inside `dir`, without compression
 * (photos and pg_dump's custom format are compressed already). Uses the system's GNU tar.
 * @throws Error when tar is missing or fails
 */
export async function createTar(file: string, dir: string, names: string[]): Promise<void> {
  await runCommand('tar', ['--create', '--file', file, '--directory', dir, '--', ...names], { installHint: TAR_HINT });
}

/**
 * Extracts `names` (all members when empty) of the tar archive `file` into `dir`. Owners and
 * permissions are not taken from the archive; GNU tar refuses members with `..` or an absolute path.
 * @throws Error when tar is missing, the archive is unreadable or a named member is not in it
 */
export async function extractTar(file: string, dir: string, names: string[] = []): Promise<void> {
  await runCommand(
    'tar',
    ['--extract', '--file', file, '--directory', dir, '--no-same-owner', '--no-same-permissions', '--', ...names],
    { installHint: TAR_HINT },
  );
}
