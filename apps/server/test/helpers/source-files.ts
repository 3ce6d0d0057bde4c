import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.js';

/**
 * Every .ts and .tsx source file under `dir` (relative to the repository root), as paths relative
 * to the root; test files and `test`/`node_modules` folders left out. For the standing source checks.
 */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT_DIR, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT_DIR, rel)).isDirectory()) {
      return name === 'test' || name === 'node_modules' ? [] : sourceFiles(rel);
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** The text of `file` (relative to the repository root). */
export function readSource(file: string): string {
  return readFileSync(path.join(ROOT_DIR, file), 'utf8');
}
