import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type ErrorExtraFields,
  errorBodySchema,
} from '#domain/errors';
import { isLocalOnlyRoute } from './local-only.ts';

/**
 * What each route answers, per HTTP status (`schema.response`): the success shapes of `src/domain`,
 * the error shape of `domain/errors.ts` with the codes that status carries, and the statuses that
 * are not JSON (pages, files, no body). The OpenAPI document (/api/docs) and the tests' check of
 * every answer (response-check.ts) read these declarations.
 */

/** The media types a non-JSON answer may have, each with the schema of its body. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** One status's declaration: a zod schema of a JSON body (or of no body), or a content map. */
export type Answer = z.ZodType | ContentAnswer;
export type Answers = Record<number, Answer>;

export function isContentAnswer(answer: unknown): answer is ContentAnswer {
  return (
    typeof answer === 'object' && answer !== null && 'content' in answer && !(answer instanceof z.ZodType)
  );
}

/** An answer with no body (204, 202, a redirect): its declaration, with what it means. */
export function noBody(description: string) {
  return z.undefined().describe(description);
}

/** Whether this declaration is `noBody`. */
export function isNoBody(answer: Answer): boolean {
  return answer instanceof z.ZodType && answer._zod.def.type === 'undefined';
}

/** A page (a server-rendered HTML document). */
export function htmlPage(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** A text file of this media type (the popup's stylesheet and script). */
export function textFile(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** Bytes of this media type (a photo): the route sends a Buffer or a stream, never through a serializer. */
export function binaryFile(mediaType: string, description: string) {
  const bytes = z
    .custom<Uint8Array | NodeJS.ReadableStream>(() => true)
    .meta({ type: 'string', format: 'binary' });
  return { description, content: { [mediaType]: { schema: bytes } } };
}

/**
 * A success the route may also send as JSON text it already holds (the checklist cache's copy, a
 * tick's answer built from it): the same schema, typed to admit the string. Fastify sends a string
 * as it is, so these answers cost no serialization; the tests parse and check them all the same.
 */
export function orJsonText<Schema extends z.ZodType>(schema: Schema) {
  return schema as unknown as z.ZodType<z.output<Schema> | string, z.input<Schema> | string>;
}

// ---------------------------------------------------------------------------------------------
// Error answers

/** The codes (and extra fields) each error schema made here stands for, so more can be merged in. */
const errorDeclarations = new WeakMap<z.ZodType, { codes: ErrorCode[]; extra: ErrorExtraFields }>();
const errorSchemaCache = new Map<string, z.ZodType>();

/** The error answer of one status for these codes (shared between routes that answer the same). */
function errorAnswer(codes: readonly ErrorCode[], extra: ErrorExtraFields = {}): z.ZodType {
  const sorted = [...new Set(codes)].sort();
  const key = sorted.join(',');
  const cacheable = Object.keys(extra).every((code) => !sorted.includes(code as ErrorCode));
  const cached = cacheable ? errorSchemaCache.get(key) : undefined;
  if (cached) return cached;
  const schema = errorBodySchema(sorted, extra).describe(`Refused: ${sorted.join(', ')}`);
  errorDeclarations.set(schema, { codes: sorted, extra });
  if (cacheable) errorSchemaCache.set(key, schema);
  return schema;
}

type ErrorStatus<Code extends ErrorCode> = (typeof ERROR_STATUS)[Code];
type ErrorAnswers<Code extends ErrorCode> = { [Status in ErrorStatus<Code>]: z.ZodType<ErrorBody> };

/**
 * A route's answers: its successes (and other non-error statuses) and the error codes it answers
 * itself, grouped by their status. The errors every route of a kind answers (500; 403 for a
 * cross-site write; 400, 413 and 415 for a body; 429 where rate-limited; the Idempotency-Key's) are
 * added to every route by `registerAnswers`. `extra` describes fields of a code that
 * domain/errors.ts cannot (version_conflict's `checklist`).
 */
export function answers<Success extends Answers, Code extends ErrorCode = never>(
  success: Success,
  codes: readonly Code[] = [],
  extra: ErrorExtraFields = {},
): Success & ErrorAnswers<Code> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const errors: Answers = {};
  for (const [status, list] of byStatus) {
    if (status in success) throw new Error(`answers: status ${status} is declared twice`);
    errors[status] = errorAnswer(list, extra);
  }
  return { ...success, ...errors } as Success & ErrorAnswers<Code>;
}

/** Adds error codes to a status of a route's answers, merging with what it declares there already. */
function addErrorCodes(response: Answers, codes: readonly ErrorCode[]): void {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, list] of byStatus) {
    const existing = response[status];
    if (existing === undefined) {
      response[status] = errorAnswer(list);
      continue;
    }
    if (isContentAnswer(existing)) {
      // A page at this status (the sign-in chooser's 400): a JSON error may come instead.
      const json = existing.content['application/json']?.schema;
      const declared = json ? errorDeclarations.get(json) : undefined;
      existing.content['application/json'] = {
        schema: errorAnswer([...(declared?.codes ?? []), ...list], declared?.extra),
      };
      continue;
    }
    const declared = errorDeclarations.get(existing);
    if (!declared) throw new Error(`status ${status} is declared as a success and as an error`);
    response[status] = errorAnswer([...declared.codes, ...list], declared.extra);
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never touches the database (liveness, the API document, static text), so it never
     * answers the 503 of a database that cannot be reached (http/plugins/errors.ts).
     */
    withoutDatabase?: boolean;
  }
}

/** The errors a route answers because of what it is, not what it does (see `answers`). */
export function commonErrorCodes(route: RouteOptions): ErrorCode[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const config = (route.config ?? {}) as {
    rateLimit?: unknown;
    idempotent?: unknown;
    withoutDatabase?: boolean;
    apiScope?: string;
  };
  const codes: ErrorCode[] = ['internal_error'];
  // API tokens (api-tokens.ts): a bad token, a missing scope, a free team, the token's own limit and its
  // store. A route that needs a session answers a bearer request 403 insufficient_scope instead of 401.
  if (config.apiScope) {
    codes.push(
      'unauthenticated',
      'insufficient_scope',
      'plan_limit_reached',
      'rate_limited',
      'service_unavailable',
    );
  } else if (route.schema?.response && 401 in (route.schema.response as object)) {
    codes.push('insufficient_scope');
  }
  // The database unreachable (down, restarting, out of connections): 503 with Retry-After.
  if (!config.withoutDatabase) codes.push('service_unavailable');
  const schema = route.schema ?? {};
  if (schema.body || schema.params || schema.querystring || schema.headers) codes.push('validation_failed');
  if (methods.some((method) => BODY_METHODS.has(method))) {
    // The CSRF guard (security.ts), the body parsers (errors.ts maps their refusals), the body's clock.
    codes.push(
      'cross_site_request',
      'validation_failed',
      'request_timeout',
      'body_too_large',
      'unsupported_media_type',
    );
  }
  // The limit's shared store may be away (the database, Redis): 503, never a pass.
  if (config.rateLimit) codes.push('rate_limited', 'service_unavailable');
  if (config.idempotent) codes.push('validation_failed', 'idempotency_key_in_use', 'idempotency_key_reused');
  // Local mode's routes under another Host (local-only.ts).
  if (isLocalOnlyRoute(route.url)) codes.push('forbidden');
  return codes;
}

/**
 * JSON answers are written by JSON.stringify, as before the routes declared them (Fastify used it
 * for routes without a response schema), whatever their schema. Chosen by measurement
 * (docs/decisions/0013): fastify-type-provider-zod's serializer parses every answer with zod first
 * (4x JSON.stringify's time for the dashboard list), and fast-json-stringify compiled from the zod
 * schema took more CPU than JSON.stringify on the objects the routes really build (a profile of the
 * dashboard list: about 180 µs a request against 45). Nothing is checked here: the tests check
 * every answer against its schema (response-check.ts).
 */
function writeJson(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}

/**
 * Routes' answers as declared here (register before the routes): each is completed with its common
 * errors (a route that declares no answers is left alone: the route test names it).
 */
export function registerAnswers(app: FastifyInstance): void {
  app.setSerializerCompiler(writeJson);
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Answers | undefined;
    if (!response) return;
    addErrorCodes(response, commonErrorCodes(route));
  });
}
