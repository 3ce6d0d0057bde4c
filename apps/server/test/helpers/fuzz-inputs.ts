import http from 'node:http';
import { CLIENT_HEADER } from '@app/contracts';
import fc from 'fast-check';

/** A JSON schema node as @fastify/swagger writes it into the OpenAPI 3.0 document. */
export type JsonSchema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The parts of GET /api/openapi.json the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A query parameter of an operation. */
export interface QueryParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document: method, path, query parameters and JSON body schema. */
export interface FuzzOperation {
  method: string;
  path: string;
  query: QueryParam[];
  /** The JSON body schema (references resolved lazily); null when the operation documents no JSON body. */
  body: JsonSchema | null;
}

/** One generated HTTP request. */
export interface FuzzRequest {
  method: string;
  path: string;
  /** Raw query string without `?` (may hold malformed percent-encodings on purpose). */
  query: string;
  contentType?: string;
  body?: Buffer;
  /** What the generator made (e.g. `body: bad field text`), for the failure report. */
  kind: string;
}

/**
 * Known-good values by field name (ids of existing rows, emails, codes), so that valid requests
 * reach the code behind the validation. A list of constants or an arbitrary.
 */
export type FuzzHints = Record<string, readonly unknown[] | fc.Arbitrary<unknown>>;

/** Everything the generators need: the document (for `$ref`) and the hints. */
export interface FuzzContext {
  doc: OpenApiDocument;
  hints: FuzzHints;
  /** Take a field's hint whenever there is one (the valid base of `fieldProbes`). */
  hintsOnly?: boolean;
}

/** A JSON fragment written into the body as is (numbers JSON.stringify cannot write, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Requests sent through `sendFuzzRequest` and `sendRaw` since the process started. */
export const fuzzStats = { requests: 0 };

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Node's HTTP parser answers 431 itself above 16 KiB of headers; the request line stays below that. */
const MAX_QUERY_CHARS = 12_000;

const CONTROL_CHARS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
];

/** Strings that have hurt servers: NUL and control characters, lone surrogates, 100k characters, injections. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u0000'.repeat(16),
  CONTROL_CHARS.join(''),
  '\t\r\n\v\f\b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\udc00\ud800',
  '\ufeff',
  '\u202eevil',
  '\u200b\u200c\u200d',
  '💘'.repeat(60),
  'e\u0301\u0301\u0301\u0301\u0301',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%s%n%x',
  ['$', '{7*7}{{7*7}}'].join(''), // template-injection probe
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x10',
  'null',
  'undefined',
  '[]',
  '{}',
  '9007199254740993',
  'a'.repeat(100_000),
  '€'.repeat(100_000),
  'a\u0000'.repeat(50_000),
  ' \t\n'.repeat(1_000),
];

/** Numbers around every limit: 1e308, -1, 2**31, 2**53, fractions, -0. */
export const NASTY_NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  -1,
  0,
  -0,
  0.5,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MIN_VALUE,
  1e-308,
  123456789012345680000,
];

/** Number tokens JSON.parse reads but JSON.stringify never writes (Infinity after parsing, -0, 30 digits). */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1E+308',
  '-0',
  '0.0000000000000000000000001',
  '123456789012345678901234567890',
];

/** Nesting the parser has to survive. */
const DEEP_ARRAY = new RawJson(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, i) => i);
const HUGE_STRING_ARRAY = Array.from({ length: 20_000 }, () => 'xxxx');

/** Bodies no JSON parser should accept, and content types the server does not read. */
const MALFORMED_BODIES: ReadonlyArray<{ body: string | Buffer; contentType?: string }> = [
  { body: '{' },
  { body: '{"a":' },
  { body: '{"a":1,}' },
  { body: "{'a':1}" },
  { body: '{"a":1}{"b":2}' },
  { body: '{"a":1} trailing' },
  { body: '[1,2' },
  { body: 'nul' },
  { body: 'undefined' },
  { body: 'NaN' },
  { body: '{"a":NaN}' },
  { body: '{"a":Infinity}' },
  { body: '{"a":0x10}' },
  { body: '{"a":01}' },
  { body: '{"a":.5}' },
  { body: '{"a":"\\u00"}' },
  { body: '{"a":"\\x41"}' },
  { body: '{"a":"line\nbreak"}' },
  { body: '{"a":"\u0000"}' },
  { body: '\ufeff{}' },
  { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { body: Buffer.from([0xc0, 0x80]) },
  { body: '{"__proto__":{"polluted":true}}' },
  { body: '{"constructor":{"prototype":{"polluted":true}}}' },
  { body: '{"a":1,"a":2}' },
  { body: '' },
  { body: ' \n ' },
  { body: 'null' },
  { body: '"string"' },
  { body: '12' },
  { body: DEEP_ARRAY.text },
  { body: DEEP_OBJECT.text },
  { body: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { body: '{}', contentType: 'application/json; charset=utf-16' },
  { body: '{}', contentType: 'application/json; charset=latin1' },
  { body: '{}', contentType: 'APPLICATION/JSON' },
  { body: '{}', contentType: 'application/json, text/html' },
  { body: '{}', contentType: 'application/json;;;' },
  { body: '{}', contentType: 'text/plain' },
  { body: '{}', contentType: 'application/xml' },
  { body: 'a=1&b=2&id=x', contentType: 'application/x-www-form-urlencoded' },
  { body: '{}', contentType: 'multipart/form-data' },
  { body: '{}', contentType: 'multipart/form-data; boundary=x' },
  { body: '{}', contentType: 'application/octet-stream' },
  { body: '{}', contentType: '' },
];

/** `$ref` and single-part `allOf` resolved into one schema node (siblings such as `nullable` kept). */
export function resolveSchema(doc: OpenApiDocument, schema: unknown): JsonSchema {
  let s: JsonSchema = (schema ?? {}) as JsonSchema;
  for (let i = 0; i < 32; i += 1) {
    if (typeof s.$ref === 'string') {
      const { $ref, ...rest } = s;
      const name = ($ref as string).replace('#/components/schemas/', '');
      s = { ...(doc.components?.schemas?.[name] ?? {}), ...rest };
    } else if (Array.isArray(s.allOf)) {
      const { allOf, ...rest } = s;
      s = Object.assign({}, ...(allOf as unknown[]).map((part) => resolveSchema(doc, part)), rest);
    } else {
      return s;
    }
  }
  return s;
}

/** Every operation of the document (GET, POST, PUT, PATCH, DELETE) with its query parameters and JSON body schema. */
export function listOperations(doc: OpenApiDocument): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      ops.push({ method: method.toUpperCase(), path, query, body });
    }
  }
  return ops;
}

/** Writes a value as JSON text; `RawJson` fragments go in as they are, lone surrogates as `\ud800` escapes. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

function hintFor(ctx: FuzzContext, name: string | undefined): fc.Arbitrary<unknown> | null {
  const hint = name === undefined ? undefined : ctx.hints[name];
  if (!hint) return null;
  if (hint instanceof fc.Arbitrary) return hint;
  return hint.length ? fc.constantFrom(...hint) : null;
}

function integerBounds(s: JsonSchema): { lo: number; hi: number } {
  let lo = typeof s.minimum === 'number' ? s.minimum : -1_000_000;
  let hi = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
  if (s.exclusiveMinimum === true) lo += 1;
  if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + 1;
  if (s.exclusiveMaximum === true) hi -= 1;
  if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - 1;
  return { lo: Math.ceil(lo), hi: Math.floor(hi) };
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.description === 'YYYY-MM-DD') {
    return fc
      .date({ min: new Date('1920-01-01'), max: new Date('2015-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === 'number' ? s.maxLength : 30, 30));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 1 },
  );
}

/** Values the schema accepts (ids and other hints by field name mixed in). */
export function validValue(ctx: FuzzContext, schema: unknown, name?: string): fc.Arbitrary<unknown> {
  const s = resolveSchema(ctx.doc, schema);
  let arb = plainValid(ctx, s);
  const hint = hintFor(ctx, name);
  if (hint) arb = ctx.hintsOnly ? hint : fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: arb, weight: 1 });
  if (s.nullable === true) arb = fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
  return arb;
}

function plainValid(ctx: FuzzContext, s: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(options) && options.length) return fc.oneof(...options.map((o) => validValue(ctx, o)));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer': {
      const { lo, hi } = integerBounds(s);
      return fc.oneof(
        { arbitrary: fc.integer({ min: Math.max(lo, INT32_MIN), max: Math.min(hi, INT32_MAX) }), weight: 4 },
        { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
      );
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 4));
      return fc.array(validValue(ctx, s.items), { minLength, maxLength });
    }
    case 'object':
      return objectArb(ctx, s);
    default:
      if (s.properties) return objectArb(ctx, s);
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ id: fc.string() }, { noNullPrototype: true }));
  }
}

function objectArb(ctx: FuzzContext, s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validValue(ctx, p, k)]));
  const requiredKeys = ((s.required ?? []) as string[]).filter((k) => k in props);
  // Ordinary objects: a null prototype cannot be turned into text when a mutation embeds the value.
  return fc.record(model, { requiredKeys, noNullPrototype: true }) as fc.Arbitrary<Record<string, unknown>>;
}

/** The properties of an object schema, or of every option of an `anyOf` of objects. */
function objectProperties(ctx: FuzzContext, s: JsonSchema): { props: Record<string, unknown>; required: string[] } {
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(options)) {
    const parts = options.map((o) => objectProperties(ctx, resolveSchema(ctx.doc, o)));
    return {
      props: Object.assign({}, ...parts.map((p) => p.props)),
      required: parts[0]?.required ?? [],
    };
  }
  return { props: (s.properties ?? {}) as Record<string, unknown>, required: (s.required ?? []) as string[] };
}

function insertAt(text: string, index: number, piece: string): string {
  const at = text.length ? index % (text.length + 1) : 0;
  return text.slice(0, at) + piece + text.slice(at);
}

/**
 * Values around and outside the schema: wrong types, limits +-1, huge numbers and NaN-ish strings,
 * 100k-character strings, NUL and control characters, lone surrogates, arrays for scalars, huge
 * arrays and deep nesting.
 */
export function badValue(ctx: FuzzContext, schema: unknown, name?: string): fc.Arbitrary<unknown> {
  const s = resolveSchema(ctx.doc, schema);
  const valid = validValue(ctx, s, name);
  const boundary: unknown[] = [];
  if (typeof s.maxLength === 'number') boundary.push('x'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) boundary.push('x'.repeat(s.minLength - 1));
  if (s.type === 'integer' || s.type === 'number') {
    const { lo, hi } = integerBounds(s);
    boundary.push(lo - 1, hi + 1, lo + 0.5, String(lo), `${hi}0`);
  }
  if (Array.isArray(s.enum)) {
    for (const e of s.enum.slice(0, 2)) {
      boundary.push(typeof e === 'string' ? e.toUpperCase() : String(e), `${String(e)}\u0000`, ` ${String(e)}`);
    }
  }
  if (typeof s.maxItems === 'number') boundary.push(Array.from({ length: s.maxItems + 1 }, () => 'music'));
  if (s.type === 'array') boundary.push([null], [{}], ['\u0000']);
  if (boundary.length === 0) boundary.push(null);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_NUMBERS.map((t) => new RawJson(t))), weight: 1 },
    { arbitrary: fc.constantFrom(...boundary), weight: 3 },
    { arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { '': '' }), weight: 2 },
    {
      // NUL or another control character inside an otherwise valid string.
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom(...CONTROL_CHARS, '\ud800', '\udfff'))
        .map(([v, i, c]) => (typeof v === 'string' ? insertAt(v, i, c) : `${JSON.stringify(v) ?? ''}${c}`)),
      weight: 3,
    },
    { arbitrary: valid.map((v) => [v]), weight: 1 },
    { arbitrary: valid.map((v) => ({ value: v })), weight: 1 },
    { arbitrary: fc.constantFrom<unknown>(HUGE_ARRAY, HUGE_STRING_ARRAY, DEEP_ARRAY, DEEP_OBJECT), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '\u0000', ''];

function jsonBody(kind: string, value: unknown, contentType = 'application/json') {
  return { kind, contentType, body: Buffer.from(toJsonText(value), 'utf8') };
}

/** Body arbitraries of an operation: valid, one bad field, all bad, missing required, extra fields, wrong top level, malformed. */
export function bodyArb(
  ctx: FuzzContext,
  schema: JsonSchema | null,
): fc.Arbitrary<{ kind: string; contentType?: string; body?: Buffer }> {
  const malformed = fc.constantFrom(...MALFORMED_BODIES).map((m) => ({
    kind: 'malformed body',
    contentType: m.contentType ?? 'application/json',
    body: typeof m.body === 'string' ? Buffer.from(m.body, 'utf8') : m.body,
  }));
  const wrongTop = fc
    .constantFrom<unknown>(null, [], 'string', 0, -1, 1e308, true, DEEP_ARRAY, DEEP_OBJECT, HUGE_ARRAY)
    .map((v) => jsonBody('wrong top-level value', v));
  if (!schema) {
    return fc.oneof(
      { arbitrary: fc.constant({ kind: 'no body' }), weight: 3 },
      { arbitrary: fc.constant(jsonBody('empty object', {})), weight: 2 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => jsonBody('random JSON', v)), weight: 2 },
      { arbitrary: wrongTop, weight: 1 },
      { arbitrary: malformed, weight: 2 },
    );
  }
  const s = resolveSchema(ctx.doc, schema);
  const valid = validValue(ctx, s);
  const asObject = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
  const { props, required } = objectProperties(ctx, s);
  const names = Object.keys(props);
  const options: Array<{
    arbitrary: fc.Arbitrary<{ kind: string; contentType?: string; body?: Buffer }>;
    weight: number;
  }> = [
    { arbitrary: valid.map((v) => jsonBody('valid body', v)), weight: 3 },
    { arbitrary: wrongTop, weight: 1 },
    { arbitrary: malformed, weight: 2 },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
          fc.constantFrom(...PROTO_KEYS),
        )
        .map(([v, extra, proto]) =>
          jsonBody('extra fields', { ...asObject(v), ...extra, [proto]: { polluted: true }, is_admin: true }),
        ),
      weight: 1,
    },
    {
      arbitrary: valid.map((v) =>
        jsonBody('10,000 extra fields', {
          ...asObject(v),
          ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
        }),
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8'),
        )
        .map(([v, type]) => jsonBody(`valid body as ${type}`, v, type)),
      weight: 1,
    },
  ];
  if (names.length) {
    options.push(
      {
        arbitrary: fc
          .tuple(
            valid,
            fc.constantFrom(...names).chain((n) => badValue(ctx, props[n], n).map((b) => [n, b] as const)),
          )
          .map(([v, [n, b]]) => jsonBody(`bad field ${n}`, { ...asObject(v), [n]: b })),
        weight: 8,
      },
      {
        arbitrary: fc
          .record(Object.fromEntries(names.map((n) => [n, badValue(ctx, props[n], n)])))
          .map((v) => jsonBody('every field bad', v)),
        weight: 2,
      },
      {
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...names), fc.constantFrom<unknown>(null, undefined, '', 0, false))
          .map(([v, n, empty]) => {
            const o = asObject(v);
            if (empty === undefined) delete o[n];
            else o[n] = empty;
            return jsonBody(`field ${n} empty`, o);
          }),
        weight: 1,
      },
    );
  }
  if (required.length) {
    options.push({
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([v, n]) => {
        const o = asObject(v);
        delete o[n];
        return jsonBody(`missing ${n}`, o);
      }),
      weight: 2,
    });
  }
  return fc.oneof(...options);
}

/** Percent-encodes the UTF-8 bytes of a text (lone surrogates become U+FFFD, as a browser would send them). */
function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query pairs of one value: arrays repeat the name, objects become `name[key]`, RawJson its text. */
function queryPairs(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (value instanceof RawJson) return [`${pct(name)}=${pct(value.text.slice(0, 2_000))}`];
  if (Array.isArray(value)) return value.slice(0, 50).flatMap((v) => queryPairs(name, v));
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .slice(0, 10)
      .flatMap(([k, v]) => queryPairs(`${name}[${k}]`, v));
  }
  return [`${pct(name)}=${pct(String(value).slice(0, 3_000))}`];
}

const RAW_QUERY_VALUES = [
  '%',
  '%zz',
  '%f',
  '%ff',
  '%ED%A0%80',
  '%00',
  '%C0%80',
  'a%00b',
  '%E2%82',
  '+',
  '%2B',
  '..%2F..%2F',
  '%0D%0A',
];

/** Query strings of an operation: valid, bad, missing, repeated, bracketed and malformed percent-encodings. */
export function queryArb(ctx: FuzzContext, params: QueryParam[]): fc.Arbitrary<{ kind: string; text: string }> {
  const one = (p: QueryParam) =>
    fc.oneof(
      {
        arbitrary: validValue(ctx, p.schema, p.name).map((v) => ({ kind: 'valid', pairs: queryPairs(p.name, v) })),
        weight: 5,
      },
      {
        arbitrary: badValue(ctx, p.schema, p.name).map((v) => ({
          kind: `bad ${p.name}`,
          pairs: queryPairs(p.name, v),
        })),
        weight: 4,
      },
      { arbitrary: fc.constant({ kind: `missing ${p.name}`, pairs: [] as string[] }), weight: 1 },
      {
        arbitrary: fc
          .constantFrom(...RAW_QUERY_VALUES)
          .map((raw) => ({ kind: `malformed ${p.name}`, pairs: [`${pct(p.name)}=${raw}`] })),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(validValue(ctx, p.schema, p.name), validValue(ctx, p.schema, p.name)).map(([a, b]) => ({
          kind: `repeated ${p.name}`,
          pairs: [...queryPairs(p.name, a), ...queryPairs(p.name, b)],
        })),
        weight: 1,
      },
      {
        arbitrary: fc
          .constantFrom(
            `${p.name}[]=1`,
            `${p.name}[a]=1`,
            `${p.name}[__proto__]=1`,
            `${p.name}.x=1`,
            p.name,
            `${p.name}=`,
          )
          .map((raw) => ({ kind: `odd name ${p.name}`, pairs: [raw] })),
        weight: 1,
      },
    );
  const extra = fc.oneof(
    { arbitrary: fc.constant([] as string[]), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        ['__proto__=1'],
        ['constructor[prototype][x]=1'],
        ['%00=%00'],
        ['x=%ff&=&&='],
        [`x=${'a'.repeat(5_000)}`],
      ),
      weight: 1,
    },
  );
  return fc.tuple(fc.tuple(...params.map(one)), extra).map(([parts, more]) => {
    const kinds = parts.map((p) => p.kind).filter((k) => k !== 'valid');
    const text = [...parts.flatMap((p) => p.pairs), ...more].join('&').slice(0, MAX_QUERY_CHARS);
    return {
      kind:
        kinds.length || more.length
          ? `query: ${[...kinds, ...(more.length ? ['extra'] : [])].join(', ')}`
          : 'valid query',
      text,
    };
  });
}

function makeRequest(op: FuzzOperation, query: string, kind: string, body?: { contentType?: string; body?: Buffer }) {
  const req: FuzzRequest = {
    method: op.method,
    path: op.path,
    query,
    contentType: body?.contentType,
    body: body?.body,
    kind,
  };
  return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
}

/** Paths to the string fields of a body schema: top level, one level of nesting, and arrays of strings. */
function stringPaths(ctx: FuzzContext, schema: unknown, prefix: string[] = [], depth = 0): string[][] {
  const s = resolveSchema(ctx.doc, schema);
  if (s.type === 'string') return Array.isArray(s.enum) ? [] : [prefix];
  if (s.type === 'array') {
    const items = resolveSchema(ctx.doc, s.items);
    return items.type === 'string' && !Array.isArray(items.enum) ? [[...prefix, '0']] : [];
  }
  if (depth > 1) return [];
  const { props } = objectProperties(ctx, s);
  return Object.entries(props).flatMap(([k, p]) => stringPaths(ctx, p, [...prefix, k], depth + 1));
}

function withPath(base: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (head === '0') return [withPath(undefined, rest, value)];
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return { ...object, [head]: withPath(object[head], rest, value) };
}

/** The probes of `fieldProbes`: NUL; other control characters with a lone surrogate. */
const PROBES = ['x\u0000y', 'x\u0001\u001b\u007f\u2028\ud800y'];
const QUERY_PROBES = ['x%00y', 'x%01%1B%7F%E2%80%A8%ED%A0%80y'];

/**
 * Deterministic probes for one operation: two valid baselines from the hints, then every string field of the body (also nested ones and
 * string arrays) and every query parameter once with NUL and once with other control characters
 * and a lone surrogate, everything else valid. Used as fast-check `examples`.
 */
export function fieldProbes(ctx: FuzzContext, op: FuzzOperation, seed: number): FuzzRequest[] {
  const strict = { ...ctx, hintsOnly: true };
  // A fresh valid base per probe (new emails, client ids), so one probe's effect does not refuse the next.
  let n = 0;
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: seed + n++, numRuns: 1 })[0] as T;
  const validPairs = () => op.query.map((p) => queryPairs(p.name, sample(validValue(strict, p.schema, p.name))));
  const out: FuzzRequest[] = [];
  const hasBody = op.method !== 'GET' && op.body !== null;
  for (let i = 0; i < 2; i += 1) {
    const body = hasBody ? Buffer.from(toJsonText(sample(validValue(strict, op.body))), 'utf8') : undefined;
    out.push(
      makeRequest(op, validPairs().flat().join('&'), 'valid baseline', {
        contentType: body && 'application/json',
        body,
      }),
    );
  }
  op.query.forEach((p, i) => {
    for (const probe of QUERY_PROBES) {
      const pairs = validPairs().map((pair, j) => (j === i ? [`${pct(p.name)}=${probe}`] : pair));
      out.push(makeRequest(op, pairs.flat().join('&'), `probe ${p.name}=${probe}`));
    }
  });
  if (!hasBody) return out;
  for (const path of stringPaths(ctx, op.body)) {
    for (const probe of PROBES) {
      const base = sample(validValue(strict, op.body));
      out.push(
        makeRequest(op, validPairs().flat().join('&'), `probe body ${path.join('.')}=${JSON.stringify(probe)}`, {
          contentType: 'application/json',
          body: Buffer.from(toJsonText(withPath(base, path, probe)), 'utf8'),
        }),
      );
    }
  }
  return out;
}

/** Requests for one operation: a query from its parameters and, unless it is a GET, a body from its schema. */
export function requestArb(ctx: FuzzContext, op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const body =
    op.method === 'GET'
      ? fc.constant({ kind: '' } as { kind: string; contentType?: string; body?: Buffer })
      : bodyArb(ctx, op.body);
  return fc.tuple(queryArb(ctx, op.query), body).map(([q, b]) => {
    const kind = [op.query.length ? q.kind : '', b.kind ? `body: ${b.kind}` : ''].filter(Boolean).join('; ');
    return makeRequest(op, q.text, kind || 'valid', b);
  });
}

/** One line for a request: method, URL, content type and the start of the body (control characters escaped). */
export function describeRequest(req: FuzzRequest, maxBody = 300): string {
  const url = `${req.path}${req.query ? `?${req.query.length > 200 ? `${req.query.slice(0, 200)}…(${req.query.length} chars)` : req.query}` : ''}`;
  if (!req.body) return `${req.method} ${url} [${req.kind}]`;
  const text = req.body.toString('utf8');
  const preview = text.length > maxBody ? `${text.slice(0, maxBody)}…(${req.body.length} bytes)` : text;
  return `${req.method} ${url} content-type ${JSON.stringify(req.contentType ?? '')} body ${JSON.stringify(preview)} [${req.kind}]`;
}

/** A response as the fuzzer sees it: status, raw text and the parsed JSON (undefined when not JSON). */
export interface FuzzResponse {
  status: number;
  text: string;
  json: unknown;
}

/**
 * Sends one request over node:http (so any bytes and headers can be sent) with the client header,
 * the member session cookie `sid` and the staff session cookie `staffSid`; counts it in `fuzzStats`.
 */
export function sendRaw(
  baseUrl: string,
  req: {
    method: string;
    path: string;
    query?: string;
    contentType?: string;
    body?: Buffer;
    sid?: string;
    staffSid?: string;
  },
): Promise<FuzzResponse> {
  fuzzStats.requests += 1;
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value, 'accept-encoding': 'identity' };
  const cookies = [req.sid && `sid=${req.sid}`, req.staffSid && `staff_sid=${req.staffSid}`].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  if (req.body) headers['content-length'] = String(req.body.length);
  const url = `${baseUrl}${req.path}${req.query ? `?${req.query}` : ''}`;
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Sends a generated request as the member with session `sid` (and, for the back office, the staff session `staffSid`). */
export function sendFuzzRequest(
  baseUrl: string,
  req: FuzzRequest,
  sid?: string,
  staffSid?: string,
): Promise<FuzzResponse> {
  return sendRaw(baseUrl, { ...req, sid, staffSid });
}

/**
 * What is wrong with a response, or null: a 5xx, or a 4xx whose body is not exactly
 * `{ error: string, message: string, data?: unknown }`.
 */
export function responseProblem(res: FuzzResponse): string | null {
  if (res.status >= 500 || res.status === 0) return `status ${res.status}`;
  if (res.status < 400) return null;
  const body = res.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return `status ${res.status} without a JSON object body`;
  if (typeof body.error !== 'string' || !body.error) return `status ${res.status} without an error code`;
  if (typeof body.message !== 'string' || !body.message) return `status ${res.status} without a message`;
  const extra = Object.keys(body).filter((k) => !['error', 'message', 'data'].includes(k));
  if (extra.length) return `status ${res.status} with extra keys ${extra.join(', ')}`;
  return null;
}

/** A stable 32-bit hash of a text (per-operation seeds). */
export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h | 0;
}

interface LoggerLike {
  child: (...args: unknown[]) => LoggerLike;
  error: (...args: unknown[]) => void;
}

/**
 * Records what the server logs with `req.log.error` (the error handler's "unhandled error"), even
 * at log level silent, so a 5xx in the report names its cause. `take()` returns and clears them.
 */
export function captureServerErrors(app: { log: unknown }): { take(): string[] } {
  const captured: string[] = [];
  const root = app.log as LoggerLike;
  const child = root.child.bind(root);
  root.child = (...args: unknown[]) => {
    const logger = child(...args);
    const error = logger.error.bind(logger);
    logger.error = (obj: unknown, ...rest: unknown[]) => {
      captured.push(summariseLogged(obj, rest));
      error(obj, ...rest);
    };
    return logger;
  };
  return { take: () => captured.splice(0) };
}

function summariseLogged(obj: unknown, rest: unknown[]): string {
  const err = (obj as { err?: unknown } | undefined)?.err;
  if (!(err instanceof Error)) return `${String(rest[0] ?? '')} ${JSON.stringify(obj)?.slice(0, 300)}`;
  // The root cause first (e.g. PostgreSQL 22021), then the wrapper without its SQL text and parameters.
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const describe = (e: Error) => {
    const code = (e as { code?: unknown }).code;
    const message = e.message.split('\n')[0]!.replace(/^(Failed query: \S+ \S+ \S+).*/, '$1 …');
    return `${e.name}${code ? ` ${String(code)}` : ''}: ${message.slice(0, 160)}`;
  };
  const causes = chain.reverse().map(describe);
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const own = frames.find((l) => /apps\/server\/src|packages\/contracts\/src/.test(l));
  const where = (own ?? frames[0] ?? '')
    .trim()
    .replace(/^at /, '')
    .replace(/(file:\/\/)?\/[^\s()]*?\/(apps\/server\/src|packages\/contracts\/src|node_modules)\//, '$2/');
  return `${causes.join(' <- ')} at ${where}${own ? '' : ' (no frame in apps/server/src)'}`;
}
