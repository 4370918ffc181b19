import { describe, expect, it } from 'vitest';
import { hashSecret, newId, newSecret } from './ids.ts';

describe('ids and secrets', () => {
  it('newId is prefixed, URL-safe and carries 128 random bits', () => {
    const id = newId('user');
    expect(id).toMatch(/^user_[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newId('x'))).size).toBe(1000);
  });

  it('newSecret is URL-safe and carries 256 random bits', () => {
    expect(newSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(newSecret());
  });

  it('hashSecret is a stable SHA-256 that does not contain the secret', () => {
    const secret = newSecret();
    expect(hashSecret(secret)).toBe(hashSecret(secret));
    expect(hashSecret(secret)).not.toContain(secret);
    expect(hashSecret('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
