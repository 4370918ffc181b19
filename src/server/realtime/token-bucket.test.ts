import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('lets a burst of its capacity through, then its rate', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(bucket.take()).toBe(false);
    now += 1; // half a second: one token at 2 a second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });

  it('never holds more than its capacity, however long it waits', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 10, () => now);
    expect(bucket.full).toBe(true);
    bucket.take();
    expect(bucket.full).toBe(false);
    now += 60_000;
    expect(bucket.full).toBe(true);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });
});
