import { describe, expect, it } from 'vitest';
import { apertiumMode, installedModes, stripApertiumMarks } from './apertium.ts';
import { deeplCodes } from './deepl.ts';
import { decodeHtmlEntities, googleCode } from './google.ts';
import { libreCode, parseLibreLanguages } from './libretranslate.ts';
import { batchesOf, expectStrings, TranslationError } from './translation-engine.ts';

describe('DeepL language codes', () => {
  it('asks for the variants DeepL wants as targets and plain codes as sources', () => {
    expect(deeplCodes('en', 'es')).toEqual({ source_lang: 'EN', target_lang: 'ES' });
    expect(deeplCodes('es', 'en')).toEqual({ source_lang: 'ES', target_lang: 'EN-US' });
    expect(deeplCodes('en', 'pt')).toEqual({ source_lang: 'EN', target_lang: 'PT-BR' });
    expect(deeplCodes('pt', 'zh')).toEqual({ source_lang: 'PT', target_lang: 'ZH-HANS' });
    expect(deeplCodes('en', 'ar')).toEqual({ source_lang: 'EN', target_lang: 'AR' });
  });

  it('has no Hindi either way', () => {
    expect(deeplCodes('en', 'hi')).toBeNull();
    expect(deeplCodes('hi', 'en')).toBeNull();
  });

  it('has the five added languages both ways, by their plain codes', () => {
    for (const [ours, theirs] of [
      ['vi', 'VI'],
      ['tl', 'TL'],
      ['pl', 'PL'],
      ['uk', 'UK'],
      ['ro', 'RO'],
    ] as const) {
      expect(deeplCodes('en', ours)).toEqual({ source_lang: 'EN', target_lang: theirs });
      expect(deeplCodes(ours, 'en')).toEqual({ source_lang: theirs, target_lang: 'EN-US' });
    }
    expect(deeplCodes('uk', 'pl')).toEqual({ source_lang: 'UK', target_lang: 'PL' });
  });
});

describe('Google', () => {
  it('asks for Simplified Chinese as zh-CN', () => {
    expect(googleCode('zh')).toBe('zh-CN');
    expect(googleCode('hi')).toBe('hi');
  });

  it('asks for the five added languages by our codes, Filipino as tl', () => {
    expect(['vi', 'tl', 'pl', 'uk', 'ro'].map((code) => googleCode(code as 'vi'))).toEqual([
      'vi',
      'tl',
      'pl',
      'uk',
      'ro',
    ]);
  });

  it('turns character references back into characters, and leaves other ampersands alone', () => {
    expect(decodeHtmlEntities('Limpie el &quot;horno&quot; &amp; la nevera, l&#39;eau &#x263A;')).toBe(
      'Limpie el "horno" & la nevera, l\'eau ☺',
    );
    expect(decodeHtmlEntities('Tom & Jerry &nbsp; &#0; &unknown;')).toBe('Tom & Jerry &nbsp; &#0; &unknown;');
  });
});

describe('LibreTranslate', () => {
  it('reads /languages and finds Chinese as zh or zh-Hans', () => {
    const pairs = parseLibreLanguages([
      { code: 'en', name: 'English', targets: ['es', 'zh-Hans'] },
      { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
    ]);
    expect(libreCode('en', new Set(pairs.keys()))).toBe('en');
    expect(libreCode('zh', pairs.get('en') ?? new Set())).toBe('zh-Hans');
    expect(libreCode('zh', new Set(['zh']))).toBe('zh');
    expect(libreCode('hi', pairs.get('en') ?? new Set())).toBeNull();
  });

  it('finds the added languages an instance offers, and none it lacks (no Vietnamese model)', () => {
    const pairs = parseLibreLanguages([
      { code: 'en', name: 'English', targets: ['pl', 'uk', 'ro', 'tl'] },
      { code: 'uk', name: 'Ukrainian', targets: ['en'] },
    ]);
    const fromEnglish = pairs.get('en') ?? new Set();
    expect(['pl', 'uk', 'ro', 'tl'].map((code) => libreCode(code as 'pl', fromEnglish))).toEqual([
      'pl',
      'uk',
      'ro',
      'tl',
    ]);
    expect(libreCode('vi', fromEnglish)).toBeNull();
    expect(libreCode('uk', new Set(pairs.keys()))).toBe('uk');
    expect(libreCode('pl', new Set(pairs.keys()))).toBeNull();
  });

  it('refuses a language list of the wrong shape', () => {
    expect(() => parseLibreLanguages({ error: 'x' })).toThrow(TranslationError);
    expect(() => parseLibreLanguages([{ name: 'English' }])).toThrow(TranslationError);
  });
});

describe('Apertium', () => {
  it('finds the installed mode by ISO 639-3 codes, or the older two-letter names', () => {
    const modes = new Set(['eng-spa', 'spa-eng', 'fr-es']);
    expect(apertiumMode(modes, 'en', 'es')).toBe('eng-spa');
    expect(apertiumMode(modes, 'es', 'en')).toBe('spa-eng');
    expect(apertiumMode(modes, 'fr', 'es')).toBe('fr-es');
    expect(apertiumMode(modes, 'en', 'fr')).toBeNull();
    expect(installedModes('/nonexistent/modes').size).toBe(0);
  });

  it('has no pair for the added languages with English in Debian, but finds rus-ukr and es-ro', () => {
    // Debian's pair packages for them: apertium-rus-ukr, apertium-es-ro (older two-letter names).
    const modes = new Set(['eng-spa', 'spa-eng', 'rus-ukr', 'ukr-rus', 'es-ro', 'ro-es']);
    for (const code of ['vi', 'tl', 'pl', 'uk', 'ro'] as const) {
      expect(apertiumMode(modes, 'en', code)).toBeNull();
      expect(apertiumMode(modes, code, 'en')).toBeNull();
    }
    expect(apertiumMode(modes, 'ru', 'uk')).toBe('rus-ukr');
    expect(apertiumMode(modes, 'uk', 'ru')).toBe('ukr-rus');
    expect(apertiumMode(modes, 'es', 'ro')).toBe('es-ro');
    expect(apertiumMode(new Set(['spa-ron']), 'es', 'ro')).toBe('spa-ron');
  });

  it('strips the marks of words it could not generate or translate', () => {
    expect(stripApertiumMarks('Control el #termostato y @xyzzy *foo', 'Check the thermostat')).toBe(
      'Control el termostato y xyzzy foo',
    );
    // Characters the owner wrote are kept.
    expect(stripApertiumMarks('Limpia #cocina, correo a@b.es', 'Clean #kitchen, mail a@b.es')).toBe(
      'Limpia #cocina, correo a@b.es',
    );
    expect(stripApertiumMarks('10@casa', 'x')).toBe('10@casa');
  });
});

describe('batches and answers', () => {
  it('splits by count and by characters, keeping order; a long text goes alone', () => {
    expect(batchesOf(['a', 'b', 'c'], { maxTexts: 2, maxChars: 100 })).toEqual([['a', 'b'], ['c']]);
    expect(batchesOf(['aaaa', 'bbbb', 'cc'], { maxTexts: 10, maxChars: 6 })).toEqual([
      ['aaaa'],
      ['bbbb', 'cc'],
    ]);
    expect(batchesOf(['x'.repeat(20), 'y'], { maxTexts: 10, maxChars: 6 })).toEqual([
      ['x'.repeat(20)],
      ['y'],
    ]);
    expect(batchesOf([], { maxTexts: 10, maxChars: 6 })).toEqual([]);
  });

  it('takes an answer only with one string per text sent', () => {
    expect(expectStrings(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(() => expectStrings(['a'], 2)).toThrow(TranslationError);
    expect(() => expectStrings(['a', 2], 2)).toThrow(TranslationError);
    expect(() => expectStrings('a', 1)).toThrow(TranslationError);
  });
});
