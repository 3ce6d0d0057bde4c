import { ALL_CALLS, type Call, callOperation, needsClientHeader } from '@app/contracts';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { CLIENT_HEADER_OPERATIONS, MATRIX, openApiOperations, registeredOperations } from './helpers/authz-matrix.js';
import { openTestDatabase } from './helpers/database.js';
import { readSource, sourceFiles } from './helpers/source-files.js';

const SCANNED = ['apps/server/src', 'apps/web/src'];

/** The text of every string literal and template piece of a file (comments are not literals). */
function stringLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readSource(file), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** The static start of every path outside /api (`/test-provider/checkout/:id` → `/test-provider/checkout/`). */
const OTHER_PATHS = ALL_CALLS.filter((c) => !c.path.startsWith('/api/')).map((c) => c.path.replace(/:.*$/, ''));

/** Whether a literal writes an API path (or another descriptor's path) by hand. */
function writesCallPath(text: string): boolean {
  return /\/api\/[\w-]/.test(text) || OTHER_PATHS.some((p) => text.includes(p));
}

describe('calls shared as calls', () => {
  it('writes no call path outside packages/contracts (tests and e2e may)', () => {
    const found: Record<string, string[]> = {};
    for (const dir of SCANNED) {
      for (const file of sourceFiles(dir)) {
        const hits = stringLiterals(file).filter(writesCallPath);
        if (hits.length) found[file] = hits;
      }
    }
    expect(found).toEqual({});
  });

  it('has one descriptor per operation, each documented or hidden', () => {
    const operations = ALL_CALLS.map(callOperation);
    expect(operations.filter((op, i) => operations.indexOf(op) !== i)).toEqual([]);
    const undocumented = ALL_CALLS.filter((c) => !c.hidden && !(c.tags?.length && c.summary)).map(callOperation);
    expect(undocumented, 'documented calls need tags and a summary').toEqual([]);
  });

  it('has a row in the authorization matrix for every call, and the same client-header rule', () => {
    expect(ALL_CALLS.map(callOperation).filter((op) => !(op in MATRIX))).toEqual([]);
    const needHeader = ALL_CALLS.filter(needsClientHeader).map(callOperation).sort();
    expect(needHeader).toEqual([...CLIENT_HEADER_OPERATIONS].sort());
  });

  describe('the server', () => {
    let registered: string[] = [];
    let documented: Set<string>;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const database = await openTestDatabase('pglite');
      const config = {
        ...loadConfig({ LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }),
        logLevel: 'silent',
      };
      const app = await buildApp(config, database.db);
      await app.ready();
      registered = registeredOperations(app.printRoutes());
      documented = new Set(openApiOperations(app.swagger() as Parameters<typeof openApiOperations>[0]));
      close = async () => {
        await app.close();
        await database.close();
      };
    });
    afterAll(() => close?.());

    it('registers every descriptor exactly once', () => {
      const times = (call: Call) => registered.filter((op) => op === callOperation(call)).length;
      const wrong = ALL_CALLS.filter((c) => times(c) !== 1).map((c) => `${callOperation(c)} × ${times(c)}`);
      expect(wrong).toEqual([]);
    });

    it('registers no /api route without a descriptor', () => {
      const described = new Set(ALL_CALLS.map(callOperation));
      const extra = registered.filter((op) => op.split(' ')[1]?.startsWith('/api/') && !described.has(op));
      expect(extra).toEqual([]);
    });

    it('documents in openapi.json exactly the calls that are not hidden', () => {
      const shown = ALL_CALLS.filter((c) => !c.hidden)
        .map(callOperation)
        .sort();
      expect([...documented].sort()).toEqual(shown);
    });
  });
});
