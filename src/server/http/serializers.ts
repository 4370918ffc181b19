import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * How JSON answers are written, from the route's zod schema for that status (responses.ts).
 *
 * fastify-type-provider-zod's own serializer parses every answer with zod before JSON.stringify:
 * about 4x the cost of JSON.stringify alone for the dashboard list. Production checks nothing here
 * (the tests check every answer against its schema: response-check.ts) and writes the JSON with
 * fast-json-stringify, compiled from the JSON Schema zod generates, less what only validates
 * (`forSerialization`). As zod writes it (nullable times as a union carrying the ISO pattern) the
 * dashboard list cost 15-20% more server CPU per request than before; simplified, it costs what
 * JSON.stringify does, and only declared fields are ever written (docs/decisions/0012).
 */

/** The JSON Schema of an answer, as fast-json-stringify reads it (draft 7, every part inline). */
export function serializationJsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    // Inline: the `id`s given for the OpenAPI components would become $refs.
    metadata: z.registry(),
    unrepresentable: 'any',
  });
}

/**
 * Keywords that only validate. fast-json-stringify has no use for them when it writes, except in a
 * union (anyOf, oneOf), whose branch it picks by checking the value against each with Ajv on every
 * answer: a nullable ISO time's 400-character pattern made the dashboard list slower than
 * JSON.stringify.
 */
const VALIDATION_KEYWORDS = new Set([
  '$schema',
  'description',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

type JsonSchemaNode = { [keyword: string]: unknown };

/**
 * The schema fast-json-stringify is compiled from: no validation keywords, and `X or null` written
 * as `type: [X, 'null']` (its quick path) rather than as a union.
 */
export function forSerialization(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerialization);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    // `properties` holds names, not keywords: a property may be called `description`.
    if (keyword === 'properties' && typeof value === 'object' && value !== null) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, forSerialization(sub)]),
      );
    } else if (!VALIDATION_KEYWORDS.has(keyword)) {
      out[keyword] = forSerialization(value);
    }
  }
  const branches = out.anyOf as JsonSchemaNode[] | undefined;
  if (branches?.length === 2 && branches.some((branch) => branch.type === 'null')) {
    const other = branches.find((branch) => branch.type !== 'null');
    if (other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      delete out.anyOf;
      Object.assign(out, other, { type: [other.type, 'null'] });
    }
  }
  return out;
}

/** Compiled once per schema: routes share their answers' schemas (the error bodies above all). */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

export const fastJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(forSerialization(serializationJsonSchema(schema)) as Parameters<typeof fastJson>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
};
