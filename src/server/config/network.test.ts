import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';
import { fastifyTrustProxy } from './network.ts';

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

  it('gives Fastify a hop count as a function of the hop (a bare number means "trust nobody" there)', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });
});
