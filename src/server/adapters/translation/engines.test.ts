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
});

describe('Google', () => {
  it('asks for Simplified Chinese as zh-CN', () => {
    expect(googleCode('zh')).toBe('zh-CN');
    expect(googleCode('hi')).toBe('hi');
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
