import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, isErrorBody } from './errors.ts';

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

  it('maps the contract codes to the statuses of DESIGN.md', () => {
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
