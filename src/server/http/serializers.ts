import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * How JSON answers are written, from the route's zod schema for that status (responses.ts).
 *
 * fastify-type-provider-zod's own serializer parses every answer with zod before JSON.stringify:
 * about 4x the cost of JSON.stringify alone for the dashboard list. Production checks nothing at
 * this point (the tests check every answer against its schema: response-check.ts) and writes the
 * JSON with fast-json-stringify, compiled from the JSON Schema that zod generates.
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

export const fastJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(serializationJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);

/** JSON.stringify, whatever the schema: what Fastify does for routes that declare nothing. */
export const plainJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) =>
  JSON.stringify(data);
