import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FONTS } from './report-style.ts';

/**
 * The report prints names, tasks and remarks as owners and recipients wrote them, in any of the
 * fifteen languages. These are the letters of the five added ones (docs/languages.md): the report's
 * fonts must draw each of them themselves, since a missing glyph prints as an empty box while the
 * PDF's text layer (what pdftotext reads) still looks right.
 */
const VIETNAMESE_BASES = 'aăâeêioôơuưyAĂÂEÊIOÔƠUƯY';
const VIETNAMESE_TONES = ['', '\u0300', '\u0301', '\u0309', '\u0303', '\u0323'];
const LETTERS: Record<string, string> = {
  vi: `${[...VIETNAMESE_BASES].flatMap((base) => VIETNAMESE_TONES.map((tone) => `${base}${tone}`.normalize('NFC'))).join('')}đĐ“”`,
  tl: 'ÑñABKDEGHILMNOPRSTUWY',
  pl: 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż„”',
  uk: 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюя’«»',
  ro: 'ĂÂÎȘȚăâîșț„”',
};

// The font engine the report is drawn with: pdfkit's own fontkit.
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
  openSync(file: string): { hasGlyphForCodePoint(codePoint: number): boolean };
};

describe.skipIf(!FONTS.regular.endsWith('.ttf'))('the report fonts (DejaVu Sans)', () => {
  it.each(Object.entries(LETTERS))('draw every letter of %s, in regular and bold', (_language, letters) => {
    for (const file of [FONTS.regular, FONTS.bold]) {
      const font = fontkit.openSync(file);
      const missing = [...letters].filter((letter) => !font.hasGlyphForCodePoint(letter.codePointAt(0) ?? 0));
      expect(missing, file).toEqual([]);
    }
  });

  it('the Vietnamese letters are single precomposed characters (the check above is not vacuous)', () => {
    expect([...(LETTERS.vi ?? '')].length).toBe(VIETNAMESE_BASES.length * VIETNAMESE_TONES.length + 4);
  });
});
