import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { translate } from '../../i18n/i18n.tsx';
import { ApiError, parseRetryAfter } from '../../lib/api.ts';
import {
  codeInputProblem,
  formatWait,
  resendFailureMessage,
  retryAfterOf,
  sanitizeCode,
  verifyFailureMessage,
} from './code-messages.ts';

const error = (status: number, body: unknown, headers?: Record<string, string>) =>
  new ApiError(status, '', JSON.stringify(body), new Headers(headers));

describe('the code as typed', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode(' 12-34 56 78')).toBe('123456');
    expect(sanitizeCode('１２３')).toBe(''); // full-width digits are not \d in JavaScript: typed again
  });

  it('is needed, and is six digits', () => {
    expect(codeInputProblem('')).toBe('code.required');
    expect(translate('code.required')).toBe(SHARE_MESSAGES.codeRequired);
    expect(codeInputProblem('12345')).toBe('code.format');
    expect(translate('code.format')).toBe(SHARE_MESSAGES.codeFormat);
    expect(codeInputProblem('12345a')).toBe('code.format');
    expect(codeInputProblem('123456')).toBeNull();
  });
});

describe('waits', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(90);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('prefers the header, else the body', () => {
    const body = { error: { code: 'rate_limited', message: 'x', retryAfter: 40 } };
    expect(retryAfterOf(error(429, body, { 'retry-after': '12' }))).toBe(12);
    expect(retryAfterOf(error(429, body))).toBe(40);
    expect(retryAfterOf(new Error('offline'))).toBeNull();
  });

  it('says them in words, never shorter than asked', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(59)).toBe('59 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(95, 'es')).toBe('2 minutos');
    expect(formatWait(3, 'ru')).toBe('3 секунды');
  });
});

describe('a dead code', () => {
  it("says the code is dead when no tries are left, in the page's words rather than the server's", () => {
    const used = { error: { code: 'code_invalid', message: 'Server words.', triesLeft: 0 } };
    expect(verifyFailureMessage(translate, error(400, used))).toBe(
      'This code is no longer valid. Ask for a new one.',
    );
    expect(
      verifyFailureMessage(translate, error(400, { error: { code: 'code_invalid', message: 'x' } })),
    ).toBe(SHARE_MESSAGES.codeInvalid);
  });
});

describe('a locked link', () => {
  const locked = { error: { code: 'code_locked', message: 'Server words.', linkLocked: true } };

  it('asks for a new link, not a new code, when verifying or resending (the spec string in English)', () => {
    expect(verifyFailureMessage(translate, error(429, locked))).toBe(SHARE_MESSAGES.linkLocked);
    expect(resendFailureMessage(translate, error(429, locked))).toBe(SHARE_MESSAGES.linkLocked);
  });

  it('a dead code alone still asks for a new code', () => {
    const dead = { error: { code: 'code_locked', message: 'x', retryAfter: 30 } };
    expect(verifyFailureMessage(translate, error(429, dead))).toBe(SHARE_MESSAGES.codeLocked);
  });
});
