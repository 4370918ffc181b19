import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '#domain/errors';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { bearerRefusal } from './api-tokens.ts';

interface ValidationIssue {
  path: string;
  message: string;
}

/** Fastify's own error codes that are the client's fault, with the code and text we answer. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['validation_failed', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['validation_failed', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['body_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['validation_failed', 'The request body length is wrong.'],
};

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): an address
 * that does not decode, or a path parameter past `maxParamLength` (100, longer than any id of ours).
 * Without this they would answer Fastify's own JSON shape instead of ours.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid.'
        : null;
  const appError = message
    ? new AppError('validation_failed', message)
    : new AppError('internal_error', 'Something went wrong on our side. Please try again.');
  if (!message) reply.log.error({ err: error }, 'router failed');
  return reply.status(appError.status).send(appError.toBody());
}

/** The answer to an address no route serves (the not-found handler's), also for a route that hides. */
export function nothingHere(request: FastifyRequest): AppError {
  return new AppError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`);
}

/**
 * How long a client is asked to wait when the database, or another store it cannot do without, cannot
 * be reached (db/unavailable.ts; a rate-limit store, a photo store): a
 * PostgreSQL restart took 7-13 s in the cluster test (decision 0021), a dropped connection is
 * replaced at once, so a few seconds, then the client's own back-off.
 */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * One handler turns every error into `{error: {code, message, ...}}` and hides the text of 5xx errors.
 * A failure of the database connection (not of the statement) is 503 `service_unavailable` with
 * Retry-After, any other unexpected error 500 `internal_error`; both are logged.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = thrown instanceof AppError ? bearerRefusal(request, thrown) : thrown;
    if (error instanceof AppError) {
      if (
        error.status === 429 &&
        !reply.hasHeader('retry-after') &&
        typeof error.extra.retryAfter === 'number'
      ) {
        reply.header('retry-after', String(error.extra.retryAfter));
      }
      // Every 503 says when to come back (a rate-limit store or a photo store away, as the database).
      if (error.status === 503 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      }
      return reply.status(error.status).send(error.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0]?.message ?? 'The request is not valid.';
      return reply.status(400).send(new AppError('validation_failed', first, { issues }).toBody());
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const appError = new AppError(known[0], known[1]);
      return reply.status(appError.status).send(appError.toBody());
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return reply.status(status).send({ error: { code: 'validation_failed', message: error.message } });
    }

    if (isDatabaseUnavailable(error)) {
      // Down, restarting, out of connections: the same request will work again soon (retryable).
      request.log.error({ err: error, databaseUnavailable: true }, 'request failed');
      reply.header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(new AppError('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE).toBody());
    }

    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(new AppError('internal_error', 'Something went wrong on our side. Please try again.').toBody());
  });
}
