// Which integration tests run in which database phase of `npm run check` (scripts/check.mjs).
//
// The integration tests run on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set: a
// suite `describe.each(dbKinds())('… on %s')` once per kind, and PostgreSQL-only suites
// (`describe.skipIf(!process.env.TEST_DATABASE_URL)(…)`). The check times the two databases as
// separate Vitest runs that together run exactly what one run with TEST_DATABASE_URL runs:
// - PostgreSQL phase: TEST_DB_KINDS=postgres, only the files that have a PostgreSQL suite, and only
//   the tests under one (a name pattern built here from the sources), so the plain unit tests of
//   those files do not run twice;
// - PGlite phase: TEST_DB_KINDS=pglite and every test the pattern does not match: every unit test and
//   every PGlite suite. TEST_DATABASE_URL stays set (some files read it while collecting).
// A test is in exactly one phase: the pattern or its negation.
// Plain JavaScript: it runs before anything is built.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TEST_DIR = 'apps/server/test';

/** Escapes `text` for a regular expression. */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads a string literal ('…', "…" or `…` without ${}) at the start of `source`, or undefined. */
function leadingString(source) {
  const match = /^\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/.exec(source);
  if (!match || (match[1] === '`' && match[2].includes('${'))) return undefined;
  return match[2].replace(/\\(.)/g, '$1');
}

/**
 * The files and the test name pattern of the PostgreSQL phase (`pattern`) and the PGlite phase's
 * pattern (`exclude`: every test name `pattern` does not match), read from the test sources under
 * apps/server/test: files that call `dbKinds()` or read TEST_DATABASE_URL; suites named `… on %s`
 * over `dbKinds()` (their PostgreSQL copy is `… on postgres`) and every suite or test skipped
 * without TEST_DATABASE_URL (by its title). Throws when such a title cannot be read, so no
 * PostgreSQL test silently drops out of both phases.
 */
export function postgresPhase(root) {
  const files = [];
  const titles = new Set();
  for (const name of readdirSync(path.join(root, TEST_DIR)).sort()) {
    if (!name.endsWith('.test.ts')) continue;
    const file = `${TEST_DIR}/${name}`;
    const source = readFileSync(path.join(root, file), 'utf8');
    if (!source.includes('dbKinds(') && !source.includes('TEST_DATABASE_URL')) continue;
    files.push(file);
    // Names bound to the server URL: `const ADMIN_URL = process.env.TEST_DATABASE_URL`.
    const urlNames = ['process\\.env\\.TEST_DATABASE_URL'];
    for (const m of source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*process\.env\.TEST_DATABASE_URL\b/g)) {
      urlNames.push(escapeRegExp(m[1]));
    }
    const gated = new RegExp(`\\b(?:describe|it|test)\\.skipIf\\(\\s*!\\s*(?:${urlNames.join('|')})\\s*\\)\\(`, 'g');
    for (const m of source.matchAll(gated)) {
      const title = leadingString(source.slice(m.index + m[0].length));
      if (title === undefined) {
        throw new Error(
          `${file}: a test skipped without TEST_DATABASE_URL has no literal title (scripts/test-phases.mjs)`,
        );
      }
      titles.add(title);
    }
    for (const m of source.matchAll(/\bdescribe\.each\(\s*dbKinds\(\)\s*\)\(/g)) {
      const title = leadingString(source.slice(m.index + m[0].length));
      if (title === undefined || !title.includes('%s')) {
        throw new Error(
          `${file}: a describe.each(dbKinds()) suite has no literal title with %s (scripts/test-phases.mjs)`,
        );
      }
      titles.add(title.replace('%s', 'postgres'));
    }
  }
  const alternatives = [...titles].map(escapeRegExp).join('|');
  return { files, pattern: `(?:${alternatives})`, exclude: `^(?!.*(?:${alternatives}))` };
}

/** The environment of the PGlite phase. */
export function pgliteEnv(env) {
  return { ...env, TEST_DB_KINDS: 'pglite' };
}

/** The environment of the PostgreSQL phase. */
export function postgresEnv(env) {
  return { ...env, TEST_DB_KINDS: 'postgres' };
}
