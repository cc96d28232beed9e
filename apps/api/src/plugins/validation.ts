import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The request validator (issue 24, "an API a client can't misread"): fastify-type-provider-zod's,
 * with two rules of our own in front of it.
 * - A body field the route does not know answers 400 naming it (`Unknown field: listName`), at any
 *   depth of the body's objects, instead of being dropped while the write answers 2xx.
 * - An empty query value (`?sortBy=&status=`, as browsers and most clients send an empty input) is
 *   "not given": the key is left out before validation.
 */

/** The zod internals this reads: an object's shape and catch-all, a wrapper's inner schema. */
type Def = {
  type?: string;
  shape?: Record<string, ZodType>;
  catchall?: { _zod?: { def?: Def } };
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
};
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The object schema under wrappers (optional, nullable, default, pipe, refine), or undefined. */
function objectOf(schema: unknown): Def | undefined {
  let def = defOf(schema);
  for (let i = 0; def && i < 10; i++) {
    if (def.type === 'object') return def;
    const next = def.innerType ?? def.in;
    if (!next) return undefined;
    def = defOf(next);
  }
  return undefined;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths of the fields `data` has that `schema` does not know ('' for the top). */
function unknownFields(schema: unknown, data: unknown, path: string, out: string[]) {
  const obj = objectOf(schema);
  if (!obj || !obj.shape || !isPlain(data)) {
    const def = defOf(schema);
    const element = def?.type === 'array' ? def.element : undefined;
    if (element && Array.isArray(data))
      data.forEach((item, i) => unknownFields(element, item, `${path}/${i}`, out));
    return;
  }
  // A schema that takes any further key (looseObject, catchall) knows every field.
  const catchall = obj.catchall?._zod?.def?.type;
  const open = catchall !== undefined && catchall !== 'never';
  for (const [key, value] of Object.entries(data)) {
    const field = obj.shape[key];
    if (field) unknownFields(field, value, `${path}/${key}`, out);
    else if (!open) out.push(`${path}/${key}`);
  }
}

const dropEmpty = (data: unknown) =>
  isPlain(data) ? Object.fromEntries(Object.entries(data).filter(([, v]) => v !== '')) : data;

export const strictValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart === 'querystring') return (data) => validate(dropEmpty(data));
  if (route.httpPart !== 'body') return validate;
  return (data) => {
    const unknown: string[] = [];
    unknownFields(route.schema, data, '', unknown);
    if (unknown.length === 0) return validate(data);
    return {
      error: unknown.map((instancePath) => ({
        keyword: 'unknown',
        instancePath,
        schemaPath: '',
        params: {},
        message: `Unknown field: ${instancePath.slice(1).replace(/\//g, '.')}`,
      })),
    };
  };
};
