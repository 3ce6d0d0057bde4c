import { profileEditCalls } from '@app/contracts';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type $ZodType, safeEncode } from 'zod/v4/core';

/** A Fastify serializer compiler: the route's response schema in, the answer's serializer out. */
type SerializerCompiler = FastifySerializerCompiler<unknown>;

/** The zod schema of a route's answer (a bare schema, or one under `properties`). */
function zodSchemaOf(schema: unknown): $ZodType {
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return (inner ?? schema) as $ZodType;
}

/** Whether two JSON values are equal, object keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const objB = b as Record<string, unknown>;
  return keysA.every((k) => Object.hasOwn(objB, k) && sameJson((a as Record<string, unknown>)[k], objB[k]));
}

/** The paths (`profile.email`) where the answer differs from what its schema makes of it, at most a few. */
function differences(sent: unknown, schema: unknown, path: string[] = [], out: string[] = []): string[] {
  if (out.length >= 5 || sameJson(sent, schema)) return out;
  const bothObjects =
    typeof sent === 'object' &&
    typeof schema === 'object' &&
    sent !== null &&
    schema !== null &&
    Array.isArray(sent) === Array.isArray(schema);
  if (!bothObjects) {
    out.push(path.join('.') || '(answer)');
    return out;
  }
  const keys = new Set([...Object.keys(sent), ...Object.keys(schema)]);
  for (const key of keys) {
    differences((sent as Record<string, unknown>)[key], (schema as Record<string, unknown>)[key], [...path, key], out);
  }
  return out;
}

/**
 * Calls whose route answers more than its contract says, so zod's stripping still decides what is
 * sent (in production too): POST and PUT /api/photos.php answer `presentOwnPhoto` (with
 * `reject_reason`) where the descriptor says PhotoSchema. Fix the descriptor or the route, then
 * remove the call here.
 */
const STRIPPED_BY_CONTRACT = new Set(
  [profileEditCalls.uploadPhoto, profileEditCalls.updatePhoto].map((call) => `${call.method} ${call.path}`),
);

/** fastify-type-provider-zod's serializer (zod encode, then JSON.stringify), for STRIPPED_BY_CONTRACT. */
const stripping = zodSerializerCompiler as unknown as SerializerCompiler;

/**
 * The answer as it is sent: `JSON.stringify` of what the route returned. Routes answer presenter
 * output, already of the contract's type, so production sends it as it is (issue 31: the zod pass
 * over every answer cost 0.08 ms of CPU per request where JSON.stringify alone cost 0.05).
 */
export const trustedSerializerCompiler: SerializerCompiler = (route) =>
  STRIPPED_BY_CONTRACT.has(`${route.method} ${route.url}`) ? stripping(route) : (data) => JSON.stringify(data);

/**
 * Development and tests: the answer must be exactly what the call's zod response schema makes of it
 * (`encode`), or the request fails with the usual response-serialization error (500, logged with the
 * paths). So a presenter that drifts from its contract, including one that answers a field the
 * contract does not have (which zod would strip and production would send), fails its tests.
 */
export const checkedSerializerCompiler: SerializerCompiler = (route) => {
  if (STRIPPED_BY_CONTRACT.has(`${route.method} ${route.url}`)) return stripping(route);
  const { schema, method, url } = route;
  const zodSchema = zodSchemaOf(schema);
  return (data) => {
    const result = safeEncode(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    const sent = JSON.parse(JSON.stringify(data) ?? 'null');
    const encoded = JSON.parse(JSON.stringify(result.data) ?? 'null');
    if (!sameJson(sent, encoded)) {
      const issues = differences(sent, encoded).map((at) => ({
        code: 'custom',
        path: at.split('.'),
        message: `the answer differs from its contract at ${at} (a field the schema strips, changes or adds)`,
      }));
      const cause = Object.assign(new Error('answer differs from its contract'), { issues });
      throw new ResponseSerializationError(method, url, { cause: cause as never });
    }
    return JSON.stringify(data);
  };
};

/** The serializer compiler of the app: trusted in production, checked against the contract elsewhere. */
export function responseSerializerCompiler(isProduction: boolean): SerializerCompiler {
  return isProduction ? trustedSerializerCompiler : checkedSerializerCompiler;
}
