import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERROR_STATUS, ErrorBodySchema, errorBodySchema, isErrorBody } from './errors.ts';

describe('AppError', () => {
  it('carries the status of its code and answers the JSON error shape', () => {
    const error = new AppError('code_invalid', 'That code is not right.', { triesLeft: 3 });
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      error: { code: 'code_invalid', message: 'That code is not right.', triesLeft: 3 },
    });
  });

  it('never lets extra fields overwrite the code or the message', () => {
    const body = new AppError('forbidden', 'No.', { code: 'internal_error', message: 'spoofed' }).toBody();
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toBe('No.');
  });

  it('maps the contract codes to the statuses of docs/errors.md', () => {
    expect(ERROR_STATUS).toMatchObject({
      validation_failed: 400,
      unauthenticated: 401,
      verification_required: 401,
      forbidden: 403,
      plan_limit_reached: 403,
      not_found: 404,
      share_not_found: 404,
      version_conflict: 409,
      code_expired: 410,
      file_too_large: 413,
      unsupported_file_type: 415,
      code_locked: 429,
      rate_limited: 429,
    });
  });
});

describe('isErrorBody', () => {
  it('recognises the error shape and nothing else', () => {
    expect(isErrorBody({ error: { code: 'not_found', message: 'x' } })).toBe(true);
    expect(isErrorBody({ error: { code: 'not_found' } })).toBe(false);
    expect(isErrorBody({ error: 'boom' })).toBe(false);
    expect(isErrorBody({ error: null })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
    expect(isErrorBody('error')).toBe(false);
  });
});

describe('errorBodySchema', () => {
  it('takes each code with exactly the fields it carries', () => {
    const schema = errorBodySchema(['validation_failed', 'code_invalid']);
    expect(schema.safeParse(new AppError('code_invalid', 'No.', { triesLeft: 2 }).toBody()).success).toBe(
      true,
    );
    expect(
      schema.safeParse(
        new AppError('validation_failed', 'No.', { issues: [{ path: 'a', message: 'No.' }] }).toBody(),
      ).success,
    ).toBe(true);
    // A code this status does not answer, a field the code does not carry, a missing one.
    expect(schema.safeParse(new AppError('missing_photos', 'No.', { taskIds: [] }).toBody()).success).toBe(
      false,
    );
    expect(
      schema.safeParse(new AppError('validation_failed', 'No.', { triesLeft: 2 }).toBody()).success,
    ).toBe(false);
    expect(schema.safeParse(new AppError('code_invalid', 'No.').toBody()).success).toBe(false);
  });

  it('takes fields described by the caller', () => {
    const schema = errorBodySchema(['version_conflict'], {
      version_conflict: { checklist: z.object({ id: z.string() }) },
    });
    expect(
      schema.safeParse(new AppError('version_conflict', 'Changed.', { checklist: { id: 'c' } }).toBody())
        .success,
    ).toBe(true);
    expect(schema.safeParse(new AppError('version_conflict', 'Changed.').toBody()).success).toBe(false);
  });

  it('ErrorBodySchema is the contract of docs/errors.md: any code, a message, extra fields', () => {
    expect(
      ErrorBodySchema.safeParse(new AppError('plan_limit_reached', 'No.', { limit: 5 }).toBody()).success,
    ).toBe(true);
    expect(ErrorBodySchema.safeParse({ error: { code: 'teapot', message: 'No.' } }).success).toBe(false);
  });
});
