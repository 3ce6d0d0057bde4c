import { type Plugin, parseAst } from 'vite';

/**
 * Fields of a call descriptor (packages/contracts/src/calls/define.ts) that the built client never
 * reads: the zod schemas (checked against replies in development and tests only, lib/api.ts) and the
 * OpenAPI texts. Method, path, kind, query flag, status and the client-header flag stay.
 */
export const SERVER_ONLY_CALL_FIELDS: ReadonlySet<string> = new Set([
  'query',
  'body',
  'fields',
  'response',
  'tags',
  'summary',
  'description',
]);

/** The descriptor modules: packages/contracts/src/calls/<area>.ts, not define.ts or index.ts. */
const CALLS_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]calls[\\/](?!define\.ts$|index\.ts$)[^\\/]+\.ts$/;

/** A node of the ESTree AST as far as this transform reads it. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** One text replacement: the characters [start, end) become `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** The object literal a `defineCall(...)` call receives, looking through `as const` / `satisfies`. */
function descriptorLiteral(node: AstNode): AstNode | null {
  const callee = node.callee as AstNode | undefined;
  if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineCall') return null;
  const argument = (node.arguments as AstNode[])[0];
  const literal = argument ? innerExpression(argument) : null;
  return literal?.type === 'ObjectExpression' ? literal : null;
}

/** The edits that set each server-only field of `literal` to `undefined` (its expression is dropped). */
function editsOf(literal: AstNode): Edit[] {
  const edits: Edit[] = [];
  for (const property of literal.properties as AstNode[]) {
    const key = property.key as AstNode | undefined;
    if (property.type !== 'Property' || property.computed || key?.type !== 'Identifier') continue;
    const name = key.name as string;
    if (!SERVER_ONLY_CALL_FIELDS.has(name)) continue;
    const value = property.value as AstNode;
    edits.push(
      property.shorthand
        ? { start: property.start, end: property.end, text: `${name}: undefined` }
        : { start: value.start, end: value.end, text: 'undefined' },
    );
  }
  return edits;
}

/** Expressions a module-level constant may start with that evaluate nothing (kept as they are). */
const INERT_INITIALIZERS = new Set(['Literal', 'ArrayExpression', 'ObjectExpression', 'TemplateLiteral', 'Identifier']);

/**
 * The edits that mark each module-level constant's initializer as pure, `/* @__PURE__ *\/ (() => X)()`,
 * so a schema only the stripped fields referred to (`const page = text().describe(...)`, an exported
 * schema the client never imports) is dropped with them; one that is used is built as before.
 */
function pureConstantEdits(program: AstNode): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init as AstNode | null;
      if (!init || INERT_INITIALIZERS.has(innerExpression(init).type)) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => ' });
      edits.push({ start: init.end, end: init.end, text: ')()' });
    }
  }
  return edits;
}

/** `x` of `x as const` / `x satisfies T`. */
function innerExpression(node: AstNode): AstNode {
  let inner = node;
  while (inner.type === 'TSAsExpression' || inner.type === 'TSSatisfiesExpression') inner = inner.expression as AstNode;
  return inner;
}

/** Every edit of the module: one per server-only field of each `defineCall({...})`. */
function collectEdits(node: unknown, edits: Edit[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectEdits(child, edits);
    return;
  }
  if (!isNode(node)) return;
  const literal = descriptorLiteral(node);
  if (literal) edits.push(...editsOf(literal));
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'start' && key !== 'end' && typeof child === 'object') collectEdits(child, edits);
  }
}

/**
 * The source of a descriptor module (TypeScript) with the server-only fields of each
 * `defineCall({...})` set to `undefined` and its module-level constants marked pure; null when it
 * defines no call.
 * @throws SyntaxError when `code` does not parse as TypeScript.
 */
export function stripServerOnlyFields(code: string, filename = 'calls.ts'): string | null {
  const program = parseAst(code, { lang: 'ts' }, filename) as unknown as AstNode;
  const edits: Edit[] = [];
  collectEdits(program, edits);
  if (edits.length === 0) return null;
  edits.push(...pureConstantEdits(program));
  let out = code;
  // From the end backwards, so each edit's offsets still hold; an insertion at a closing offset goes
  // before a replacement that ends there (none does: an initializer ends with its own bracket).
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  }
  return out;
}

/**
 * Vite plugin for the production build of the web client (docs/client.md, client budget): the call
 * descriptors of @app/contracts keep only what `call()` reads, and the modules' own schemas become
 * droppable, so zod stays out of the JavaScript a member downloads (about 25 KB gzip). Development and tests (Vitest,
 * `vite` dev server) keep the schemas and check every reply against them.
 */
export function schemaFreeCalls(): Plugin {
  return {
    name: 'app:schema-free-calls',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CALLS_MODULE.test(file)) return null;
      const out = stripServerOnlyFields(code, file);
      return out === null ? null : { code: out, map: null };
    },
  };
}
