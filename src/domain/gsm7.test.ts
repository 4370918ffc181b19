import { describe, expect, it } from 'vitest';
import { GSM7_BASIC_ALPHABET, GSM7_EXTENSION_TABLE, gsm7Septets, isGsm7, toGsm7Line } from './gsm7.ts';

describe('GSM-7 alphabet', () => {
  it('is the 127 characters of the default table (128 less the escape to the extension table)', () => {
    expect([...GSM7_BASIC_ALPHABET]).toHaveLength(127);
    expect(new Set(GSM7_BASIC_ALPHABET).size).toBe(127);
  });

  it('tells GSM-7 text from text that would switch an SMS to UCS-2', () => {
    expect(isGsm7('Code 123456 (valid 10 min): https://a.example/shared/x_Y-z')).toBe(true);
    expect(isGsm7('Ärger à Øresund, ¿qué? §5 £3 ¥4')).toBe(true);
    expect(isGsm7('ç')).toBe(false); // only the capital Ç is in the table
    expect(isGsm7('€')).toBe(false); // extension table: two characters' room, left out on purpose
    expect(isGsm7('{[~]}')).toBe(false);
    expect(isGsm7('👍')).toBe(false);
  });

  it('counts what each character costs: 1 septet, 2 for the extension table, null outside GSM-7', () => {
    expect([...GSM7_EXTENSION_TABLE]).toHaveLength(10);
    expect(['a', 'é', 'ß', '\n', '€', '[', '\\', 'ç', 'я', '👍'].map(gsm7Septets)).toEqual([
      1,
      1,
      1,
      1,
      2,
      2,
      2,
      null,
      null,
      null,
    ]);
  });
});

describe('toGsm7Line', () => {
  it.each([
    ['keeps what is already GSM-7', 'Jürgen Müller & Søren', 'Jürgen Müller & Søren'],
    ['drops accents the table lacks', 'François Łukasz Dvořák Ștefan', 'Francois Lukasz Dvorak Stefan'],
    ['turns typography into ASCII', '“Spring” check – week 1…', '"Spring" check - week 1...'],
    [
      'replaces extension-table characters',
      'Budget [draft] {v2} ~ 5€ | x^2 \\ y',
      'Budget (draft) (v2) - 5EUR / x2 / y',
    ],
    ['transliterates Cyrillic, keeping capitals', 'Юрий Щукин, Ёлка', 'Yuriy Shchukin, Elka'],
    ['removes scripts it cannot write', '王小明 Wang', 'Wang'],
    ['removes emoji and zero-width joiners', 'Team 👩‍👩‍👧 ok', 'Team ok'],
    ['removes bidi overrides', 'evil\u202Egnp.exe', 'evilgnp.exe'],
    ['puts everything on one line', 'Line one\r\nLine\ttwo\u2028three', 'Line one Line two three'],
  ])('%s', (_label, input, expected) => {
    const line = toGsm7Line(input);
    expect(line).toBe(expected);
    expect(isGsm7(line)).toBe(true);
  });

  it('composes decomposed accents before judging them', () => {
    expect(toGsm7Line('Jose\u0301')).toBe('José');
  });

  it('answers an empty string when nothing writable is left', () => {
    expect(toGsm7Line('清单')).toBe('');
    expect(toGsm7Line('   ')).toBe('');
  });
});
