import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsConsents } from '#server/db/schema/index';
import { setupTestApp, type TestApp } from '#tests/support/test-app';

/**
 * TRUST_PROXY takes the number of proxies in front of the app, or their addresses (decision 0019).
 * The proxy appends the address it saw to X-Forwarded-For; whatever the client wrote is to the left
 * of it. Only the right-most address no trusted proxy added counts: rotating the rest dodges nothing.
 */

const t = setupTestApp({ env: { TRUST_PROXY: '1' } });

const PROXY = '10.0.0.2';
const consent = (phone: string) => ({
  firstName: 'Maria',
  lastName: 'García',
  phoneNumber: phone,
  consent: true,
  marketingConsent: false,
});

/** A request as the proxy forwards it: the client's own X-Forwarded-For, then the address the proxy saw. */
function throughProxy(app: TestApp['app'], client: string, forged: string, phone = '+14155552671') {
  return app.inject({
    method: 'POST',
    url: '/api/sms-consent',
    payload: consent(phone),
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `${forged}, ${client}` },
  });
}

/** Sends until the per-IP limit answers 429, each time with a new forged address; how many passed. */
async function passedBeforeLimit(app: TestApp['app'], client: string): Promise<number> {
  for (let sent = 0; sent < 200; sent++) {
    const forged = `192.0.2.${sent % 250}, 198.18.${sent % 250}.1`;
    const response = await throughProxy(app, client, forged);
    if (response.statusCode === 429) {
      expect(response.json().error.code).toBe('rate_limited');
      return sent;
    }
    expect(response.statusCode).toBe(201);
  }
  throw new Error('200 requests from one client with rotating X-Forwarded-For never met the per-IP limit');
}

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  it('rotating X-Forwarded-For does not dodge a per-IP limit: the proxy-added address is the key', async () => {
    const passed = await passedBeforeLimit(t.app, '203.0.113.7');
    expect(passed).toBeGreaterThan(0);
    // Another client behind the same proxy still has its own allowance: the key is the client, not the proxy.
    const other = await throughProxy(t.app, '203.0.113.8', '192.0.2.1');
    expect(other.statusCode).toBe(201);
  });

  it('stores as SMS-consent evidence the address the proxy saw, never the one the client wrote', async () => {
    const phone = '+14155550142';
    const response = await throughProxy(t.app, '203.0.113.21', '6.6.6.6, 127.0.0.1', phone);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(smsConsents).where(eq(smsConsents.phoneNumber, phone));
    expect(row?.ipAddress).toBe('203.0.113.21');
  });
});

describe('TRUST_PROXY=<addresses>', () => {
  it('believes X-Forwarded-For only from a listed proxy, and only up to the first address not listed', async () => {
    const { app, db } = await t.buildApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    const send = async (peer: string, forwardedFor: string, phone: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sms-consent',
        payload: consent(phone),
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await db.select().from(smsConsents).where(eq(smsConsents.phoneNumber, phone));
      return row?.ipAddress;
    };
    // Two proxies of ours (10.x): the client is the first address from the right that is not one of them.
    expect(await send('10.0.0.2', '6.6.6.6, 203.0.113.30, 10.9.9.9', '+14155550143')).toBe('203.0.113.30');
    // A peer that is not a listed proxy: its X-Forwarded-For is ignored.
    expect(await send('198.51.100.77', '6.6.6.6', '+14155550144')).toBe('198.51.100.77');
  });
});
