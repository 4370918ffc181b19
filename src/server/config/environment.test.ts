import { describe, expect, it } from 'vitest';
import { EnvSchema, parseEnvironment, REPORT_ORDER } from './environment.ts';

describe('parseEnvironment', () => {
  it('has every setting in the report order, once', () => {
    expect([...REPORT_ORDER].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    expect(new Set(REPORT_ORDER).size).toBe(REPORT_ORDER.length);
  });

  it('reports malformed settings in that order, whichever module reads them', () => {
    const parsed = parseEnvironment({
      REDIS_URL: 'http://redis.internal',
      LOG_LEVEL: 'loud',
      SITE_NAME: 'x'.repeat(61),
      APP_ENV: 'staging',
      TRANSLATION_PROVIDER: 'bing',
      DATABASE_URL: 'mysql://db/listsync',
    });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.problems.map((problem) => problem.split(':')[0])).toEqual([
      'TRANSLATION_PROVIDER',
      'APP_ENV',
      'DATABASE_URL',
      'SITE_NAME',
      'LOG_LEVEL',
      'REDIS_URL',
    ]);
  });
});
