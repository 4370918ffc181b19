import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '#domain/errors';

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

/** One handler turns every error into `{error: {code, message, ...}}` and hides the text of 5xx errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (
        error.status === 429 &&
        !reply.hasHeader('retry-after') &&
        typeof error.extra.retryAfter === 'number'
      ) {
        reply.header('retry-after', String(error.extra.retryAfter));
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

    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(new AppError('internal_error', 'Something went wrong on our side. Please try again.').toBody());
  });
}
