import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';

/**
 * Standing checks of the layering (docs/ARCHITECTURE.md, the seams issue): no import cycles, routes
 * that neither read the database themselves nor build their own collaborators.
 */

/** Every .ts file under `dir` (relative to the repository root), relative to the root. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT_DIR, dir))) {
    const rel = path.join(dir, entry);
    if (statSync(path.join(ROOT_DIR, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(rel)) out.push(rel);
  }
  return out;
}

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT_DIR, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)) found.push(m[1] ?? '');
  return found;
}

describe('architecture', () => {
  it.each([
    ['apps/server/src', 'apps/server/tsconfig.json'],
    ['apps/web/src', 'apps/web/tsconfig.json'],
    ['packages/contracts/src', 'packages/contracts/tsconfig.json'],
  ])(
    'has no import cycle in %s',
    async (dir, tsConfig) => {
      const result = await madge(path.join(ROOT_DIR, dir), {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: path.join(ROOT_DIR, tsConfig),
      });
      expect(result.circular()).toEqual([]);
    },
    60_000,
  );

  it('has no route that imports the database layer: routes call services', () => {
    const offenders = sources('apps/server/src/http/routes').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /(^|\/)db\//.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has no use case that presents: services return domain results, routes present them through presenters/', () => {
    const offenders = sources('apps/server/src/services').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /(^|\/)presenters\//.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has no route that builds a collaborator: mailer, photo store, SMS sender and payment provider come from AppDeps', () => {
    const builders =
      /\b(createMailer|createPhotoStore|createSmsSender|createPaymentProvider|buildAppDeps|smtpTransport|webhookSmsProvider)\s*\(|new\s+(FolderPhotoStore|S3PhotoStore|MolliePaymentProvider|TestPaymentProvider)\b/;
    const offenders = sources('apps/server/src/http/routes').filter((file) =>
      builders.test(readFileSync(path.join(ROOT_DIR, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
