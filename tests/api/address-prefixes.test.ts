import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeAll, openSocket, type TestSocket } from '#tests/support/realtime';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Every per-address limit counts a client by the key of its address (docs/decisions/0042): IPv4 as it
 * is, IPv4-mapped IPv6 as that IPv4 address, other IPv6 by its network of RATE_LIMIT_IPV6_PREFIX bits
 * (64 by default), so a client holding a whole /64 holds one budget, not 2^64. Each test uses
 * addresses of its own (the limits of one file's apps share its database).
 */
const t = setupTestApp();

/** POST /api/sms-consent, rate-limited at 10 per 10 minutes per address, from `address`. */
function consentFrom(app: FastifyInstance, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/sms-consent',
    remoteAddress: address,
    payload: {
      firstName: 'Maria',
      lastName: 'García',
      phoneNumber: '+14155552671',
      consent: true,
      marketingConsent: false,
    },
  });
}

const LIMIT = 10;

/** Spends the budget from the addresses in turn; the answers' statuses in order. */
async function spend(app: FastifyInstance, addresses: string[], times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) {
    statuses.push((await consentFrom(app, addresses[i % addresses.length] as string)).statusCode);
  }
  return statuses;
}

describe('the per-address rate limits count IPv6 by its /64', () => {
  it('two addresses in one /64 share one budget: both meet 429 together; another /64 does not', async () => {
    const first = '2001:db8:a:1::1';
    const second = '2001:db8:a:1:ffff:ffff:ffff:fffe';
    expect(await spend(t.app, [first, second], LIMIT)).toEqual(Array(LIMIT).fill(201));
    for (const address of [first, second, '2001:db8:a:1::abcd']) {
      const refused = await consentFrom(t.app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The next /64 (a neighbour's) has a budget of its own.
    expect((await consentFrom(t.app, '2001:db8:a:2::1')).statusCode).toBe(201);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it is, in any notation', async () => {
    const forms = ['203.0.113.91', '::ffff:203.0.113.91', '::ffff:cb00:715b', '0:0:0:0:0:FFFF:203.0.113.91'];
    expect(await spend(t.app, forms, LIMIT)).toEqual(Array(LIMIT).fill(201));
    for (const form of forms) expect((await consentFrom(t.app, form)).statusCode).toBe(429);
    // The next IPv4 address is another client.
    expect((await consentFrom(t.app, '::ffff:203.0.113.92')).statusCode).toBe(201);
  });

  it('RATE_LIMIT_IPV6_PREFIX sets the network: /128 counts each address, /48 a whole site', async () => {
    const { app: perAddress } = await t.buildApp({ env: { RATE_LIMIT_IPV6_PREFIX: '128' } });
    expect(await spend(perAddress, ['2001:db8:b:1::1'], LIMIT + 1)).toEqual([...Array(LIMIT).fill(201), 429]);
    expect((await consentFrom(perAddress, '2001:db8:b:1::2')).statusCode).toBe(201);

    const { app: perSite } = await t.buildApp({ env: { RATE_LIMIT_IPV6_PREFIX: '48' } });
    const site = ['2001:db8:c:1::1', '2001:db8:c:2::1', '2001:db8:c:ffff::1'];
    expect(await spend(perSite, site, LIMIT)).toEqual(Array(LIMIT).fill(201));
    expect((await consentFrom(perSite, '2001:db8:c:abcd::9')).statusCode).toBe(429);
    expect((await consentFrom(perSite, '2001:db8:d:1::1')).statusCode).toBe(201);
  });
});

describe('the sockets one address may hold count IPv6 by its /64', () => {
  it('sockets from two addresses of one /64 fill one cap (1013); another /64 still gets in', async () => {
    const { app } = await t.buildApp({
      env: { TRUST_PROXY: 'loopback' },
      realtime: { maxConnectionsPerIp: 2 },
    });
    const from = (address: string) => openSocket(app, { forwardedFor: address });
    const open: TestSocket[] = [await from('2001:db8:e:1::1'), await from('2001:db8:e:1::2')];
    const third = await from('2001:db8:e:1:8000::3');
    expect(await third.closed).toEqual({
      code: 1013,
      reason: 'Too many connections from your network. Please try again later.',
    });
    for (const socket of open) expect(socket.ws.readyState).toBe(1);
    const neighbour = await from('2001:db8:e:2::1');
    expect(neighbour.ws.readyState).toBe(1);
    closeAll(...open, neighbour);
  });
});
