import { describe, expect, it } from 'vitest';
import { combineNotes, isTranslatable } from './translation.ts';
import { textHash } from './translation-lookup.ts';

describe('translation rules', () => {
  it('sends only texts with a letter, in any script', () => {
    for (const text of ['Mop', 'Fregar el suelo', '拖地', 'पोछा', 'امسح', 'a1'])
      expect(isTranslatable(text)).toBe(true);
    for (const text of ['', '   ', '2 / 3', '12:30', '---', '€ 40', '#1'])
      expect(isTranslatable(text)).toBe(false);
  });

  it('keys the cache by the sha256 hex of the exact text', () => {
    expect(textHash('Mop the floor')).toMatch(/^[0-9a-f]{64}$/);
    expect(textHash('Mop the floor')).toBe(textHash('Mop the floor'));
    expect(textHash('Mop the floor ')).not.toBe(textHash('Mop the floor'));
  });

  it("says 'pending' over 'failed' over 'unavailable' when parts of a page differ", () => {
    expect(combineNotes(undefined, undefined)).toBeUndefined();
    expect(combineNotes('unavailable', undefined)).toBe('unavailable');
    expect(combineNotes('unavailable', 'failed')).toBe('failed');
    expect(combineNotes('failed', 'pending', 'unavailable')).toBe('pending');
  });
});
