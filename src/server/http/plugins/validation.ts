import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseNul } from '#domain/input-text';

/**
 * Every route's body, query, path parameters and headers: first no U+0000 anywhere (PostgreSQL refuses
 * it in text; domain/input-text.ts), then the route's own zod schema. A 400 validation_failed either way.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({
    ...route,
    schema: route.schema instanceof z.ZodType ? refuseNul(route.schema) : route.schema,
  });
