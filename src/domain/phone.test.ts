import { describe, expect, it } from 'vitest';
import { maskPhone, toE164 } from './phone.ts';

describe('toE164', () => {
  it.each([
    ['+1 415 555 2671', '+14155552671'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['  +14155552671  ', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+49 30 901820', '+4930901820'],
    ['+91 98765 43210', '+919876543210'],
  ])('%j -> %j', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it('accepts the example the error message gives', () => {
    expect(toE164('+1 415 555 0132')).toBe('+14155550132');
  });

  it.each([
    ['no country code', '415 555 2671'],
    ['letters', 'call me'],
    ['too short', '+1 415'],
    ['an impossible area code', '+1 011 555 2671'],
    ['too long', '+1 415 555 2671 2671'],
    ['absurdly long input', `+${'1'.repeat(40)}`],
    ['empty', ''],
    ['only a plus', '+'],
  ])('answers null for %s', (_label, input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the plus and the last two digits, hiding every other digit', () => {
    expect(maskPhone('+14155552671')).toBe('+•••••••••71');
    expect(maskPhone('+442079460958')).toBe('+••••••••••58');
  });

  it('never reveals more than the last two digits', () => {
    const masked = maskPhone('+14155552671');
    expect(masked.replace(/\D/g, '')).toBe('71');
  });
});
