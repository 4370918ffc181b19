import { describe, expect, it } from 'vitest';
import { addressKey, addressRange, EVERY_ADDRESS, EVERY_IPV4, rangesCover } from './ip-addresses.ts';

describe('addressKey: the key a client address is counted under', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(addressKey('10.0.0.1', 48)).toBe('10.0.0.1');
  });

  it.each([
    '::ffff:203.0.113.7',
    '::FFFF:203.0.113.7',
    '0:0:0:0:0:ffff:203.0.113.7',
    '0000:0000:0000:0000:0000:FFFF:CB00:7107',
    '::ffff:cb00:7107',
    '0::ffff:cb00:7107',
  ])('counts the IPv4-mapped %s as the IPv4 address it is', (mapped) => {
    expect(addressKey(mapped, 64)).toBe('203.0.113.7');
    expect(addressKey(mapped, 128)).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by the prefix, whatever their notation', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd::7',
      '2001:db8:1:2::ffff:203.0.113.7',
      '2001:db8:1:2::9%eth0',
    ].map((address) => addressKey(address, 64));
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:1:3::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
    expect(addressKey('2001:db8:0:0:1:0:0:1', 128)).toBe('2001:db8::1:0:0:1/128');
    expect(addressKey('::1', 64)).toBe('::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(addressKey('inject', 64)).toBe('inject');
    expect(addressKey('', 64)).toBe('');
  });
});

describe('address ranges', () => {
  it('reads IPv4 ranges as IPv4-mapped IPv6 ranges', () => {
    expect(addressRange('0.0.0.0/0')).toEqual(EVERY_IPV4);
    expect(addressRange('::ffff:0:0/96')).toEqual(EVERY_IPV4);
    expect(addressRange('::/0')).toEqual(EVERY_ADDRESS);
    expect(addressRange('10.0.0.1')).toEqual(addressRange('::ffff:10.0.0.1/128'));
  });

  it.each(['10.0.0.0/33', '::/129', 'x/8', '10.0.0.0/8/1', '10.0.0.0/a'])('refuses %s', (entry) => {
    expect(addressRange(entry)).toBeNull();
  });

  it('tells whether pieces together cover a whole, in any order and overlapping', () => {
    const ranges = (entries: string[]) => entries.map((entry) => addressRange(entry) ?? EVERY_ADDRESS);
    expect(rangesCover(ranges(['128.0.0.0/1', '0.0.0.0/1']), EVERY_IPV4)).toBe(true);
    expect(rangesCover(ranges(['0.0.0.0/2', '0.0.0.0/1', '128.0.0.0/2', '192.0.0.0/2']), EVERY_IPV4)).toBe(
      true,
    );
    expect(rangesCover(ranges(['0.0.0.0/1', '192.0.0.0/2']), EVERY_IPV4)).toBe(false);
    expect(rangesCover(ranges(['::/1']), EVERY_IPV4)).toBe(true);
    expect(rangesCover(ranges(['::/1']), EVERY_ADDRESS)).toBe(false);
    expect(rangesCover([], EVERY_IPV4)).toBe(false);
  });
});
