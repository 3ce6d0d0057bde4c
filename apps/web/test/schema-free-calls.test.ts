// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { SERVER_ONLY_CALL_FIELDS, stripServerOnlyFields } from '../build/schema-free-calls';

const CALLS_DIR = fileURLToPath(new URL('../../../packages/contracts/src/calls', import.meta.url));

describe('stripServerOnlyFields', () => {
  it('keeps what call() reads and drops the schemas and OpenAPI texts', () => {
    const source = `import { z } from 'zod';
import { SettingsSchema } from '../settings.js';
const tags = ['site'] as const;
const page = text().describe('an HTML page');
export const QuerySchema = z.object({ to: z.string() });
export const siteCalls = {
  settings: defineCall({
    method: 'GET',
    path: '/api/settings.php',
    kind: 'json',
    query: QuerySchema,
    response: SettingsSchema,
    tags,
    summary: 'Settings → of the site',
  }),
  upload: defineCall({ method: 'POST', path: '/api/photo.php', kind: 'multipart', fields: z.object({}), response: page, clientHeader: true } as const),
};`;
    const out = stripServerOnlyFields(source) ?? '';
    expect(out).toContain("method: 'GET'");
    expect(out).toContain("path: '/api/settings.php'");
    expect(out).toContain('clientHeader: true');
    expect(out).toContain('query: undefined');
    expect(out).toContain('response: undefined');
    expect(out).toContain('tags: undefined');
    expect(out).toContain('summary: undefined');
    expect(out).toContain('fields: undefined');
    expect(out).not.toContain('Settings →');
    // Module-level schemas become droppable when nothing uses them; literals stay as they are.
    expect(out).toContain("const page = /* @__PURE__ */ (() => text().describe('an HTML page'))();");
    expect(out).toContain('export const QuerySchema = /* @__PURE__ */ (() => z.object({ to: z.string() }))();');
    expect(out).toContain("const tags = ['site'] as const;");
    expect(() => parseAst(out, { lang: 'ts' })).not.toThrow();
  });

  it('leaves a module without calls alone', () => {
    expect(stripServerOnlyFields('export const X = z.object({});\n')).toBeNull();
  });

  it('turns every descriptor module of the contracts into valid code without server-only fields', () => {
    const files = readdirSync(CALLS_DIR).filter(
      (file) => file.endsWith('.ts') && !['define.ts', 'index.ts'].includes(file),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const out = stripServerOnlyFields(readFileSync(path.join(CALLS_DIR, file), 'utf8'), file);
      expect(out, file).not.toBeNull();
      const fields = descriptorFields(parseAst(out ?? '', { lang: 'ts' }));
      expect(fields.length, file).toBeGreaterThan(0);
      const kept = fields.filter((field) => SERVER_ONLY_CALL_FIELDS.has(field.name) && field.value !== 'undefined');
      expect(kept, file).toEqual([]);
      expect(
        fields.some((field) => field.name === 'path' && field.value !== 'undefined'),
        file,
      ).toBe(true);
    }
  });
});

/** A node of the ESTree AST as far as the test reads it. */
type Node = { type?: string; [key: string]: unknown };

/** Each property of every `defineCall({...})` literal in `tree`: its name and its value's identifier, if any. */
function descriptorFields(tree: unknown): { name: string; value: string | null }[] {
  const fields: { name: string; value: string | null }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as Node;
    const callee = n.callee as Node | undefined;
    if (n.type === 'CallExpression' && callee?.name === 'defineCall') {
      let literal = (n.arguments as Node[])[0];
      while (literal?.type === 'TSAsExpression') literal = literal.expression as Node;
      for (const property of (literal?.properties as Node[] | undefined) ?? []) {
        const value = property.value as Node;
        fields.push({
          name: String((property.key as Node).name),
          value: value.type === 'Identifier' ? String(value.name) : null,
        });
      }
    }
    for (const child of Object.values(n)) visit(child);
  };
  visit(tree);
  return fields;
}
