import { describe, expect, it } from 'vitest';
import { problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';

describe('loadConfig: metrics', () => {
  it('serves no metrics unless asked; the port listens on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: ' ' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: null,
    });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({
      port: null,
      host: '0.0.0.0',
      token,
    });
  });

  it('refuses a short token and a port that is not one', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters of random text',
    ]);
    for (const port of ['0', '65536', 'abc', '94 64', '-1']) {
      expect(problemsOf({ METRICS_PORT: port }), port).toHaveLength(1);
      expect(problemsOf({ METRICS_PORT: port })[0], port).toMatch(/^METRICS_PORT: /);
    }
  });
});
