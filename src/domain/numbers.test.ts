import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers.ts';

describe('groupThousands', () => {
  it('writes whole numbers as en-US does', () => {
    for (const value of [0, 7, 49, 470, 999, 1_000, 1_490, 10_000, 123_456, 1_234_567, -1_490]) {
      expect(groupThousands(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('refuses what is not a whole number rather than write it wrong', () => {
    expect(() => groupThousands(1.5)).toThrow(RangeError);
    expect(() => groupThousands(Number.NaN)).toThrow(RangeError);
  });
});
