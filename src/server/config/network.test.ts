import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';
import { fastifyTrustProxy } from './network.ts';

/**
 * The ranges that hold every address of ::/(from-1) but the block `bits`/`length` (the 128-bit
 * space, written as full IPv6 groups): at each depth, the half the block is not in.
 */
function everythingBut(bits: bigint, length: number, from = 1): string {
  const ranges: string[] = [];
  for (let depth = from; depth <= length; depth += 1) {
    const hostBits = BigInt(128 - depth);
    const sibling = ((bits >> hostBits) ^ 1n) << hostBits;
    const groups = Array.from({ length: 8 }, (_, i) =>
      ((sibling >> BigInt(112 - 16 * i)) & 0xffffn).toString(16),
    );
    ranges.push(`${groups.join(':')}/${depth}`);
  }
  return ranges.join(',');
}

const MAPPED = 0xffffn << 32n;

describe('loadConfig: where it listens and which proxies it believes (decision 0019)', () => {
  it('local mode listens on loopback unless HOST is set; a configured server on every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('trusts no proxy by default or when told false/0/no', () => {
    for (const value of [undefined, '', 'false', '0', 'no', 'FALSE']) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('takes a hop count or a list of addresses, CIDR ranges and proxy-addr range names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true at start-up, saying what to set instead', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY=(true|yes) is refused: it believes any X-Forwarded-For/);
      expect(problems[0]).toContain('TRUST_PROXY=1 for one reverse proxy');
      expect(problems[0]).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
    }
  });

  it.each([
    ['maybe', "'maybe' is not an IP address or a CIDR range"],
    ['10.0.0.0/33', "'10.0.0.0/33' has an invalid prefix length"],
    ['10.0.0.1/8/1', "'10.0.0.1/8/1' is not an IP address or a CIDR range"],
    ['0.0.0.0/0', "'0.0.0.0/0' is every address"],
    ['::/0', "'::/0' is every address"],
    ['11', '11 proxies is more than any real chain'],
  ])('refuses TRUST_PROXY=%s by name', (value, text) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
    expect(problems[0]).toContain(text);
  });

  it.each([
    ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
    ['::/1,8000::/1', 'IPv6'],
    // Many small pieces, out of order and overlapping, with proxy-addr's names among them.
    [
      [
        ...Array.from({ length: 16 }, (_, i) => `${i * 16}.0.0.0/4`).reverse(),
        '10.1.0.0/16',
        'loopback',
      ].join(','),
      'IPv4',
    ],
    ['::ffff:0:0/96', 'IPv4'],
    ['::ffff:0.0.0.0/97,::ffff:128.0.0.0/97', 'IPv4'],
    ['0.0.0.0/2,64.0.0.0/2,128.0.0.0/2,::ffff:192.0.0.0/98', 'IPv4'],
    ['::/2,4000::/2,8000::/2,c000::/3,e000::/3,uniquelocal', 'IPv6'],
    // Every IPv6 address but the IPv4-mapped ones (IPv4 clients) is still every IPv6 client.
    [everythingBut(MAPPED, 96), 'IPv6'],
  ])('refuses TRUST_PROXY=%s: its ranges together cover every %s address', (value, family) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: '.+' (together cover|covers) every IPv[46] address/);
    expect(problems[0]).toContain(`every ${family} address, which trusts any X-Forwarded-For`);
    expect(problems[0]).toContain('TRUST_PROXY=1 for one reverse proxy');
  });

  it.each([
    // Half of either family is not all of it.
    '0.0.0.0/1',
    '128.0.0.0/1,::/1',
    // Every address but one: IPv4 (255.255.255.255, the ranges written IPv4-mapped), IPv6 (::1).
    everythingBut(MAPPED | 0xffffffffn, 128, 97),
    everythingBut(1n, 128),
    // Every IPv6 range but mapped ones does not match IPv4 clients (proxy-addr), nor the reverse.
    '::/1,0.0.0.0/1',
    '::/1',
    'loopback,linklocal,uniquelocal,10.0.0.0/8',
  ])('accepts TRUST_PROXY=%s, which leaves some clients untrusted', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(value.split(','));
  });

  it('gives Fastify a hop count as a function of the hop (a bare number means "trust nobody" there)', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });
});
