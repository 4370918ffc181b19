import { z } from 'zod';

/** The OpenAPI document of the API: generated from the route schemas, the source of truth for shapes. */

export const API_DOCS_PATH = '/api/docs';
/** The same document where integrators and tools look for it (decision 0051). */
export const OPENAPI_PATH = '/api/openapi.json';

/** GET /api/docs: an OpenAPI 3.1 document (its frame only: the rest is JSON Schema of the routes). */
export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string().startsWith('3.1.'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .describe('This document');
