import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from a plan made once per route at start-up: the
 * route's zod response schema as JSON Schema, reduced to what writing needs (types and
 * properties, no formats or patterns, `anyOf [T, null]` as a type list). Only the declared
 * properties are written, as the zod schema strips the rest, so a row's extra columns never
 * leave. About 4× cheaper than encoding with zod then `JSON.stringify` on a board of 450 cards
 * (bench/README.md, "Latest results").
 *
 * `check` (tests): every answer is also encoded with the zod schema, which must accept it, and the
 * two writings must be the same JSON, so the whole API suite proves the plans against the contract.
 * A schema JSON Schema cannot express (a transform, a date) keeps zod's encoding.
 */
export function responseSerializer({ check }: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    const plan = planFor(zodSchema);
    const encode = (data: unknown) => {
      const result = z.safeEncode(zodSchema, data as never);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if (!plan) return (data) => JSON.stringify(encode(data));
    if (!check) return plan;
    return (data) => {
      const expected = encode(data);
      const written = plan(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(expected)))) {
        throw new Error(`${method} ${url}: the fast writer's answer differs from the zod schema's`);
      }
      return written;
    };
  };
}

export function planFor(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  return fastJson(writingPlan(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Keywords that only validate: the writer needs none of them. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'const',
  'enum',
  'propertyNames',
]);

export function writingPlan(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(writingPlan);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!VALIDATION_ONLY.has(key)) out[key] = writingPlan(value);
  }
  // `anyOf [T, null]` (a nullable field) as `type: [T, 'null']`: fast-json-stringify picks an
  // `anyOf` branch by validating the value, a type list by its type.
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const [value, other] = anyOf[0]?.type === 'null' ? [anyOf[1], anyOf[0]] : [anyOf[0], anyOf[1]];
    if (typeof value?.type === 'string' && other?.type === 'null' && Object.keys(other).length === 1) {
      return { ...value, type: [value.type, 'null'] };
    }
  }
  return out;
}
