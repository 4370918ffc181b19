import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_FETCH_LIMITS, createAvatarFetcher, isNonPublicAddress } from './avatar-fetcher.ts';

/** The one fetch of an address the server did not choose: what it refuses (issue 18). */

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow') return; // never answers
    if (request.url === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
      return;
    }
    response.writeHead(200).end(Buffer.alloc(Number(request.url?.slice(1)) || 10, 7));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the profile picture fetcher', () => {
  const strict = createAvatarFetcher();
  const local = (limits = {}) =>
    createAvatarFetcher({ ...AVATAR_FETCH_LIMITS, allowLocalPeer: true, ...limits });

  it.each([
    ['plain http', 'http://example.com/a.png', /not https/],
    ['a loopback address', 'https://127.0.0.1/a.png', /not on the public internet/],
    ['a private address', 'https://10.1.2.3/a.png', /not on the public internet/],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest', /not on the public internet/],
    ['an IPv6 loopback', 'https://[::1]/a.png', /not on the public internet/],
    ['credentials in the address', 'https://user:pw@example.com/a.png', /credentials/],
  ])('refuses %s by default', async (_label, url, message) => {
    await expect(strict.fetch(url)).rejects.toThrow(message);
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1::1']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('reads a picture within the limit, and refuses one beyond it as it arrives', async () => {
    expect((await local({ maxBytes: 100 }).fetch(`${base}/100`)).length).toBe(100);
    await expect(local({ maxBytes: 100 }).fetch(`${base}/101`)).rejects.toThrow(/too large/);
  });

  it('gives up after its time limit', async () => {
    await expect(local({ timeoutMs: 200 }).fetch(`${base}/slow`)).rejects.toThrow(/abort|timeout/i);
  });

  it('checks every redirect again, and stops after three', async () => {
    // allowLocalPeer admits http for the peer; the strict fetcher would refuse the hop to http too.
    await expect(local().fetch(`${base}/loop`)).rejects.toThrow(/too many redirects/);
  });
});
