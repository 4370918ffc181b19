import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHARE_LIMITS } from '#domain/sharing';
import { rateLimitWindows } from '#server/db/schema/index';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { otherInstances, randomPrivateIp } from '#tests/support/instances';
import { redisAvailable, TEST_REDIS_URL } from '#tests/support/redis';
import { recipientBrowser, share, wrongCode } from '#tests/support/sharing';
import { setupTestApp, type TestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * Several instances behind a balancer count against one limit (docs/decisions/0020): the per-IP
 * limits in the shared store (PostgreSQL by default, Redis with REDIS_URL), the lockouts in the
 * database. Requests go to the instances in turn, as a round-robin balancer sends them.
 */
const t = setupTestApp();
const instance = otherInstances(t);

const VERIFY_LIMIT = SHARE_LIMITS.verifyPerIpPer10Minutes;

/** Verify tries from one address, alternating between the apps; answers each status. */
async function verifyTries(apps: TestApp[], count: number, ip = randomPrivateIp()): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const app = apps[i % apps.length]?.app;
    if (!app) throw new Error('no app');
    const response = await app.inject({
      method: 'POST',
      url: '/api/verification/verify',
      remoteAddress: ip,
      payload: { token: `unknown-token-${i}`, code: '123456' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

function expectSharedLimit(statuses: number[]) {
  expect(statuses.slice(0, VERIFY_LIMIT)).toEqual(Array(VERIFY_LIMIT).fill(404));
  expect(statuses.slice(VERIFY_LIMIT)).toEqual([429, 429]);
}

describe.each([
  ['PostgreSQL (the default)', {}],
  ['Redis (REDIS_URL)', { env: { REDIS_URL: TEST_REDIS_URL } }],
] as [string, TestAppOptions][])('per-IP limits in %s', (name, options) => {
  const skip = name.startsWith('Redis') && !redisAvailable;

  it.skipIf(skip)(
    `two instances allow ${VERIFY_LIMIT} verify tries per IP between them, not each`,
    async () => {
      const apps = [await instance(options), await instance(options)];
      const ip = randomPrivateIp();
      const statuses = await verifyTries(apps, VERIFY_LIMIT + 2, ip);
      expectSharedLimit(statuses);
      // Counted where the setting says: in the table, or in Redis and not in the table.
      const rows = await t.db
        .select({ hits: rateLimitWindows.hits })
        .from(rateLimitWindows)
        .where(like(rateLimitWindows.key, `%/api/verification/verify ${ip}`));
      expect(rows.map((row) => row.hits)).toEqual(name.startsWith('Redis') ? [] : [VERIFY_LIMIT + 2]);
      // Another address is not affected.
      expect(await verifyTries(apps, 2)).toEqual([404, 404]);
    },
  );

  it.skipIf(skip)('the 429 says when to come back, from either instance', async () => {
    const apps = [await instance(options), await instance(options)];
    const ip = randomPrivateIp();
    await verifyTries(apps, VERIFY_LIMIT, ip);
    for (const { app } of apps) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/verification/verify',
        remoteAddress: ip,
        payload: { token: 'unknown-token', code: '123456' },
      });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
  });
});

describe('a store that cannot answer', () => {
  it('makes a rate-limited request a 503, never a pass', async () => {
    // Nothing listens on port 1: every hit fails.
    const { app } = await instance({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/verification/verify',
      remoteAddress: randomPrivateIp(),
      payload: { token: 'unknown-token', code: '123456' },
    });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('service_unavailable');
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe('lockouts kept in the database', () => {
  it('five wrong tries of one code lock it, wherever each try lands', async () => {
    const other = await instance();
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id);
    const browsers = [recipientBrowser(t.app), recipientBrowser(other.app)];
    const wrong = wrongCode(sent.verificationCode);
    const triesLeft: unknown[] = [];
    for (let i = 0; i < SHARE_LIMITS.codeMaxTries; i += 1) {
      const response = await browsers[i % 2]?.verify(sent.token, wrong);
      expect(response?.statusCode).toBe(400);
      triesLeft.push(response && errorOf(response).triesLeft);
    }
    expect(triesLeft).toEqual([4, 3, 2, 1, 0]);
    for (const browser of browsers) {
      const locked = await browser.verify(sent.token, sent.verificationCode as string);
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked).code).toBe('code_locked');
    }
  });
});
