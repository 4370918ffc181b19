import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.ts';

describe('smsSegments', () => {
  it.each([
    ['an empty body', '', { encoding: 'gsm7', segments: 1, characters: 0 }],
    [
      '160 GSM-7 characters: one segment',
      'a'.repeat(160),
      { encoding: 'gsm7', segments: 1, characters: 160 },
    ],
    ['161: two parts of 153', 'a'.repeat(161), { encoding: 'gsm7', segments: 2, characters: 161 }],
    ['306: still two parts', 'a'.repeat(306), { encoding: 'gsm7', segments: 2, characters: 306 }],
    ['307: three parts', 'a'.repeat(307), { encoding: 'gsm7', segments: 3, characters: 307 }],
    [
      'accents of the basic set stay GSM-7',
      'Küche für Sie, à vous, señor, Ça',
      { encoding: 'gsm7', segments: 1, characters: 32 },
    ],
    [
      'extension-table characters cost two septets each',
      '€[]{}~|^\\',
      { encoding: 'gsm7', segments: 1, characters: 18 },
    ],
    [
      '159 + one extension character is 161: two parts',
      `${'a'.repeat(159)}€`,
      { segments: 2, characters: 161 },
    ],
    [
      'one ç makes the whole body UCS-2',
      `${'a'.repeat(69)}ç`,
      { encoding: 'ucs2', segments: 1, characters: 70 },
    ],
    [
      '71 UCS-2 units: two parts of 67',
      `${'a'.repeat(70)}ç`,
      { encoding: 'ucs2', segments: 2, characters: 71 },
    ],
    ['134 UCS-2 units: two parts', 'я'.repeat(134), { encoding: 'ucs2', segments: 2, characters: 134 }],
    ['135 UCS-2 units: three parts', 'я'.repeat(135), { encoding: 'ucs2', segments: 3, characters: 135 }],
    ['an emoji is two UTF-16 units', '👍', { encoding: 'ucs2', segments: 1, characters: 2 }],
    ['CJK, Devanagari and Arabic are UCS-2', '验证码 कोड رمز', { encoding: 'ucs2', characters: 11 }],
  ])('%s', (_label, body, expected) => {
    expect(smsSegments(body)).toMatchObject(expected);
  });

  it('never splits an escape pair or a surrogate pair between two parts', () => {
    // 152 septets, then '€' (2): 154 of 153 would put the escape at the end of part one.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'gsm7',
      segments: 3,
      characters: 306,
    });
    // 66 units, then an emoji (2): part one holds 66, the emoji opens part two; 134 units, 3 parts.
    expect(smsSegments(`${'я'.repeat(66)}👍${'я'.repeat(66)}`)).toEqual({
      encoding: 'ucs2',
      segments: 3,
      characters: 134,
    });
  });
});
