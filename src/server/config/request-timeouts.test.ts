import { describe, expect, it } from 'vitest';
import { problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';
import { bodyDeadlineMs } from './request-timeouts.ts';

describe('loadConfig: request timeouts', () => {
  it('gives headers 10 s, a body 10 s plus its pace, and a whole request 2 minutes by default', () => {
    expect(loadConfig({}).requestTimeouts).toEqual({ headersMs: 10_000, bodyMs: 10_000, requestMs: 120_000 });
    expect(
      loadConfig({ HEADERS_TIMEOUT_MS: '5000', BODY_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '300000' })
        .requestTimeouts,
    ).toEqual({ headersMs: 5_000, bodyMs: 20_000, requestMs: 300_000 });
  });

  it('refuses clocks out of range, and a part longer than the whole', () => {
    for (const [name, value] of [
      ['HEADERS_TIMEOUT_MS', '500'],
      ['BODY_TIMEOUT_MS', '0'],
      ['REQUEST_TIMEOUT_MS', '1000'],
      ['REQUEST_TIMEOUT_MS', 'soon'],
    ] as const) {
      const problems = problemsOf({ [name]: value });
      expect(problems, `${name}=${value}`).toHaveLength(1);
      expect(problems[0], `${name}=${value}`).toMatch(new RegExp(`^${name}: `));
    }
    expect(problemsOf({ BODY_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toEqual([
      'BODY_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS (30000)',
    ]);
  });
});

describe('bodyDeadlineMs', () => {
  const timeouts = { headersMs: 10_000, bodyMs: 10_000, requestMs: 120_000 };

  it('gives a small body BODY_TIMEOUT_MS and a large one a second more per 16 KiB, up to the whole', () => {
    expect(bodyDeadlineMs(timeouts, 1_000)).toBe(10_062);
    expect(bodyDeadlineMs(timeouts, 16 * 1024 * 10)).toBe(20_000);
    // A 5 MB photo: 10 s + 320 s, held to the 2 minutes of the whole request.
    expect(bodyDeadlineMs(timeouts, 5 * 1024 * 1024)).toBe(120_000);
  });

  it('gives a body of unknown length (chunked) the whole request', () => {
    expect(bodyDeadlineMs(timeouts, null)).toBe(120_000);
  });
});
