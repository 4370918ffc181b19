import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from './loopback.ts';

describe('what counts as this computer', () => {
  it('takes 127.0.0.0/8 and ::1 in every written form, IPv4-mapped included', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isLoopbackAddress(address), address).toBe(true);
  });

  it('refuses every other address, the wildcards, names and garbage', () => {
    for (const address of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '192.168.1.2',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      'fe80::1',
      'localhost',
      '',
      undefined,
      '127.0.0.1:80',
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it('takes localhost and loopback literals as a host, in brackets or not, and nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '[::1]', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      'lists.example.com',
      'localhost.example.com',
      '192.168.0.10',
      'my-laptop',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
