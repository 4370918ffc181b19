import { describe, expect, it } from 'vitest';
import { compileGlossary } from '#domain/glossary-terms';
import { placeholderPrefix, protectTerms, restoreTerms, translateWithGlossary } from './glossary.ts';
import type { TranslationEngine } from './translation-engine.ts';

const terms = [
  { source: 'turnover', target: 'limpieza de salida' },
  { source: 'key box', target: 'caja de llaves' },
];
const glossary = { owner: 'team-1', terms };

/** An engine that upper-cases what it is sent (placeholders pass as they are) and records it. */
function recordingEngine(rewrite: (text: string) => string = (t) => t.toUpperCase()) {
  const sent: string[][] = [];
  const engine: TranslationEngine = {
    name: 'libretranslate',
    limits: { maxTexts: 50, maxChars: 5000 },
    describe: () => 'fake',
    supports: async () => true,
    translate: async (texts) => {
      sent.push([...texts]);
      return texts.map(rewrite);
    },
  };
  return { engine, sent };
}

const signal = () => ({ signal: AbortSignal.timeout(5000) });

describe('protected-term substitution', () => {
  it('replaces each term with a numbered placeholder and puts the target back', () => {
    const compiled = compileGlossary(terms);
    const p = protectTerms('Turnover: open the key box, then turnover.', compiled, 'ZQX');
    expect(p.text).toBe('ZQX1: open the ZQX2, then ZQX3.');
    expect(p.termsOnly).toBe(false);
    expect(restoreTerms('ZQX1: ABRA LA ZQX2, LUEGO ZQX3.', p, 'ZQX')).toBe(
      'Limpieza de salida: ABRA LA caja de llaves, LUEGO limpieza de salida.',
    );
    // An engine that lower-cased a placeholder still gives it back.
    expect(restoreTerms('zqx1: x zqx2 y ZQX3', p, 'ZQX')).toContain('caja de llaves');
    // One lost: null, so the caller does not show a half-restored text.
    expect(restoreTerms('ZQX1: ABRA LA CAJA', p, 'ZQX')).toBeNull();
  });

  it('never takes ZQX10 for ZQX1', () => {
    const compiled = compileGlossary([{ source: 'a', target: 'b' }]);
    const p = protectTerms(Array.from({ length: 10 }, () => 'a').join(' '), compiled, 'ZQX');
    expect(restoreTerms(p.text, p, 'ZQX')).toBe('b b b b b b b b b b');
  });

  it('picks a prefix the texts do not contain', () => {
    expect(placeholderPrefix(['Clean the room'])).toBe('ZQX');
    expect(placeholderPrefix(['Model zqx9 filter'])).toBe('QZV');
  });

  it('sends the engine only texts with words left, each term held by a placeholder', async () => {
    const { engine, sent } = recordingEngine();
    const out = await translateWithGlossary(
      engine,
      ['Turnover: Harbour View 4B', 'Turnover', 'Mop the floor'],
      'en',
      'es',
      glossary,
      signal(),
    );
    expect(sent).toEqual([['ZQX1: Harbour View 4B', 'Mop the floor']]);
    expect(out).toEqual(['Limpieza de salida: HARBOUR VIEW 4B', 'Limpieza de salida', 'MOP THE FLOOR']);
  });

  it('without terms, or with none matching, the engine gets the texts as written', async () => {
    const { engine, sent } = recordingEngine();
    await translateWithGlossary(engine, ['Mop the floor'], 'en', 'es', null, signal());
    await translateWithGlossary(engine, ['Mop the floor'], 'en', 'es', glossary, signal());
    expect(sent).toEqual([['Mop the floor'], ['Mop the floor']]);
  });

  it('translates a text again as written when the engine lost its placeholder', async () => {
    const { engine, sent } = recordingEngine((text) => text.replace(/ZQX\d/, 'algo'));
    const out = await translateWithGlossary(engine, ['Do the turnover now'], 'en', 'es', glossary, signal());
    expect(sent).toEqual([['Do the ZQX1 now'], ['Do the turnover now']]);
    expect(out).toEqual(['Do the turnover now']);
  });

  it("uses the engine's own glossary when it has one for the pair, else substitutes", async () => {
    const { engine, sent } = recordingEngine();
    const own: string[] = [];
    const withOwn: TranslationEngine = {
      ...engine,
      translateWithGlossary: async (texts, _s, target) => {
        if (target !== 'es') return null;
        own.push(...texts);
        return texts.map(() => 'own');
      },
    };
    expect(await translateWithGlossary(withOwn, ['turnover x'], 'en', 'es', glossary, signal())).toEqual([
      'own',
    ]);
    expect(await translateWithGlossary(withOwn, ['turnover x'], 'en', 'fr', glossary, signal())).toEqual([
      'limpieza de salida X',
    ]);
    expect(own).toEqual(['turnover x']);
    expect(sent).toEqual([['ZQX1 x']]);
  });
});

describe('substitution around the HTTP engines, through their fakes', () => {
  it('Google and LibreTranslate get placeholders and their answers come back with the terms', async () => {
    const { startFakeGoogle, startFakeLibreTranslate } = await import('#tests/support/fake-translate');
    const { createGoogleEngine } = await import('./google.ts');
    const { createLibreTranslateEngine } = await import('./libretranslate.ts');
    const google = await startFakeGoogle('g-key');
    const libre = await startFakeLibreTranslate('l-key');
    try {
      const engines = [
        [createGoogleEngine({ apiKey: 'g-key', url: `${google.url}/language/translate/v2` }), google],
        [createLibreTranslateEngine({ url: libre.url, apiKey: 'l-key' }), libre],
      ] as const;
      for (const [engine, fake] of engines) {
        const texts = ["Don't skip the turnover", 'Key box: 4921'];
        const out = await translateWithGlossary(engine, texts, 'en', 'es', glossary, signal());
        // The second is only a term and digits: not sent at all.
        expect(fake.calls.at(-1)?.texts).toEqual(["Don't skip the ZQX1"]);
        expect(out).toEqual(["es: Don't skip the limpieza de salida", 'Caja de llaves: 4921']);
        expect(fake.refused).toEqual([]);
      }
    } finally {
      await google.close();
      await libre.close();
    }
  });
});
