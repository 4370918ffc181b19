import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_FETCH_LIMITS, createAvatarFetcher, type ResolveHost } from './avatar-fetcher.ts';

/** The one fetch of an address the server did not choose: what it refuses (issues 18 and 30). */

let server: Server;
let port = 0;
let base = '';
/** What the peer saw: the Host header of each request. */
const hosts: string[] = [];
/** A second peer on another loopback address, standing for a host inside our own network. */
let inside: Server;
let insideHits = 0;

function listen(peer: Server | tls.Server, address: string, at = 0): Promise<number> {
  return new Promise((resolve) =>
    peer.listen(at, address, () => resolve((peer.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '');
    if (request.url === '/slow') return; // never answers
    if (request.url === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/to-inside')
      return void response.writeHead(302, { location: `http://inside.test:${port}/` }).end();
    response.writeHead(200).end(Buffer.alloc(Number(request.url?.slice(1)) || 10, 7));
  });
  port = await listen(server, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  inside = createServer((_request, response) => {
    insideHits += 1;
    response.writeHead(200).end('secret');
  });
  await listen(inside, '127.0.0.2', port);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => inside.close(() => resolve()));
});

/** A resolver that answers from a table, counting its answers: a DNS server the test controls. */
function resolver(answers: Record<string, string[][]>): ResolveHost & { calls: number } {
  const resolve = async (host: string) => {
    resolve.calls += 1;
    const queue = answers[host] ?? [[]];
    return (queue.length > 1 ? queue.shift() : queue[0]) ?? [];
  };
  resolve.calls = 0;
  return resolve;
}

describe('the profile picture fetcher', () => {
  const strict = createAvatarFetcher();
  const local = (limits = {}, resolve?: ResolveHost) =>
    createAvatarFetcher({ ...AVATAR_FETCH_LIMITS, allowLocalPeer: true, ...limits }, resolve);

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

  it.each([
    ['IPv4-mapped, dotted', 'https://[::ffff:127.0.0.1]/a.png'],
    ['IPv4-mapped, in hex', 'https://[::ffff:7f00:1]/a.png'],
    ['IPv4-mapped, written out', 'https://[0:0:0:0:0:ffff:7f00:1]/a.png'],
    ['IPv4-mapped metadata address', 'https://[::ffff:a9fe:a9fe]/latest'],
    ['IPv4-translated', 'https://[::ffff:0:7f00:1]/a.png'],
    ['IPv4-compatible', 'https://[::127.0.0.1]/a.png'],
    ['NAT64 of a private address', 'https://[64:ff9b::10.0.0.1]/a.png'],
    ['local-use NAT64', 'https://[64:ff9b:1::808:808]/a.png'],
    ['6to4', 'https://[2002:7f00:1::1]/a.png'],
    ['Teredo', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.png'],
    ['IPv6 benchmarking', 'https://[2001:2::1]/a.png'],
    ['IPv4 benchmarking', 'https://198.18.0.1/a.png'],
    ['loopback in hex', 'https://0x7f.1/a.png'],
    ['loopback as one number', 'https://2130706433/a.png'],
    ['the unspecified address', 'https://0.0.0.0/a.png'],
  ])('refuses %s', async (_label, url) => {
    await expect(strict.fetch(url)).rejects.toThrow(/not on the public internet/);
  });

  it('refuses a name when any address it resolves to is not public, in any notation', async () => {
    for (const answer of [['::ffff:7f00:1'], ['8.8.8.8', '10.0.0.1'], ['2001:db8::1'], []]) {
      const fetcher = createAvatarFetcher(AVATAR_FETCH_LIMITS, resolver({ 'pictures.test': [answer] }));
      await expect(fetcher.fetch('https://pictures.test/a.png'), answer.join()).rejects.toThrow(
        /not on the public internet/,
      );
    }
  });

  it('connects only to the address it checked, whatever the name resolves to afterwards', async () => {
    const rebinding = resolver({ 'pictures.test': [['127.0.0.1'], ['127.0.0.2']] });
    const picture = await local({}, rebinding).fetch(`http://pictures.test:${port}/12`);
    expect(picture.length).toBe(12);
    expect(insideHits).toBe(0);
    expect(rebinding.calls).toBe(1);
    expect(hosts.at(-1)).toBe(`pictures.test:${port}`); // the name is still the one asked for
  });

  it('tells a TLS peer the name, not the address it connects to', async () => {
    // The peer records the name the client asks for (SNI) and ends the handshake there: no certificate.
    const names: string[] = [];
    const peer = tls.createServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(new Error('no certificate here'));
      },
    });
    const tlsPort = await listen(peer, '127.0.0.1');
    const fetcher = local({}, resolver({ 'pictures.test': [['127.0.0.1']] }));
    await expect(fetcher.fetch(`https://pictures.test:${tlsPort}/a.png`)).rejects.toThrow();
    await new Promise<void>((resolve) => peer.close(() => resolve()));
    expect(names).toEqual(['pictures.test']);
  });

  it('checks the host of every redirect again', async () => {
    const answers = resolver({ 'inside.test': [['127.0.0.2']] });
    await expect(local({}, answers).fetch(`${base}/to-inside`)).rejects.toThrow(/not on the public internet/);
    expect(insideHits).toBe(0);
  });

  it('lets a test reach its peer on 127.0.0.1 only', async () => {
    await expect(local().fetch(`http://127.0.0.2:${port}/`)).rejects.toThrow(/not on the public internet/);
    expect(insideHits).toBe(0);
  });

  it('reads a picture within the limit, and refuses one beyond it as it arrives', async () => {
    expect((await local({ maxBytes: 100 }).fetch(`${base}/100`)).length).toBe(100);
    await expect(local({ maxBytes: 100 }).fetch(`${base}/101`)).rejects.toThrow(/too large/);
  });

  it('gives up after its time limit, a slow DNS answer included', async () => {
    await expect(local({ timeoutMs: 200 }).fetch(`${base}/slow`)).rejects.toThrow(/abort|timeout/i);
    const silent: ResolveHost = () => new Promise(() => {});
    await expect(local({ timeoutMs: 200 }, silent).fetch('http://pictures.test/')).rejects.toThrow(
      /abort|timeout/i,
    );
  });

  it('stops after three redirects', async () => {
    // allowLocalPeer admits http for the peer; the strict fetcher would refuse the hop to http too.
    await expect(local().fetch(`${base}/loop`)).rejects.toThrow(/too many redirects/);
  });
});
