import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import { readSource, sourceFiles } from './helpers/source-files.js';

/**
 * Standing checks of the layering (docs/ARCHITECTURE.md, the seams issue): no import cycles, routes
 * that neither read the database themselves nor build their own collaborators.
 */

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of readSource(file).matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm))
    found.push(m[1] ?? '');
  return found;
}

/** `<file> imports <specifier>` for every import under `dir` whose specifier matches `pattern`. */
function importsMatching(dir: string, pattern: RegExp): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => pattern.test(spec))
      .map((spec) => `${file} imports ${spec}`),
  );
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
    expect(importsMatching('apps/server/src/http/routes', /(^|\/)db\//)).toEqual([]);
  });

  it('has no use case that presents: services return domain results, routes present them through presenters/', () => {
    expect(importsMatching('apps/server/src/services', /(^|\/)presenters\//)).toEqual([]);
  });

  it('has no route that builds a collaborator: mailer, photo store, SMS sender and payment provider come from AppDeps', () => {
    const builders =
      /\b(createMailer|createPhotoStore|createSmsSender|createPaymentProvider|buildAppDeps|smtpTransport|webhookSmsProvider)\s*\(|new\s+(FolderPhotoStore|S3PhotoStore|MolliePaymentProvider|TestPaymentProvider)\b/;
    const offenders = sourceFiles('apps/server/src/http/routes').filter((file) => builders.test(readSource(file)));
    expect(offenders).toEqual([]);
  });
});
