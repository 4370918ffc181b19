import { describe, expect, it } from 'vitest';
import { problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';

describe('RATE_LIMIT_IPV6_PREFIX: the IPv6 network every per-address limit counts (decision 0042)', () => {
  it('is 64 unless set, and takes 32 to 128', () => {
    expect(loadConfig({}).rateLimitIpv6Prefix).toBe(64);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '' }).rateLimitIpv6Prefix).toBe(64);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '48' }).rateLimitIpv6Prefix).toBe(48);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '32' }).rateLimitIpv6Prefix).toBe(32);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '128' }).rateLimitIpv6Prefix).toBe(128);
  });

  it.each(['0', '31', '129', '64.5', 'all', '/64'])('stops start-up at %s, naming the range', (value) => {
    const problems = problemsOf({ RATE_LIMIT_IPV6_PREFIX: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      'RATE_LIMIT_IPV6_PREFIX: must be a prefix length from 32 to 128 (64: one home, one LAN, one cloud machine)',
    );
  });
});
