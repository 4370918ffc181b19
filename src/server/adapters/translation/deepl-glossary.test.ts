import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepLGlossaries } from '#tests/support/fake-deepl-glossaries';
import { type FakeTranslator, startFakeDeepL } from '#tests/support/fake-translate';
import { createDeepLEngine } from './deepl.ts';
import { glossaryLanguage, glossaryName, glossaryTsv } from './deepl-glossary.ts';
import { translateWithGlossary } from './glossary.ts';

/** DeepL's glossaries through the fake DeepL, which answers as DeepL's v2 glossary API does. */

const KEY = 'deepl-key:fx';
const glossaries = fakeDeepLGlossaries();
let fake: FakeTranslator;
beforeAll(async () => {
  fake = await startFakeDeepL(KEY, glossaries);
});
afterAll(async () => fake?.close());

const signal = () => ({ signal: AbortSignal.timeout(5000) });
const turnover = { source: 'turnover', target: 'limpieza de salida' };

describe('DeepL glossaries', () => {
  it('names the pair as DeepL glossaries do and writes the entries as sorted TSV', () => {
    expect(glossaryLanguage('EN-US')).toBe('en');
    expect(glossaryLanguage('PT-BR')).toBe('pt');
    expect(glossaryLanguage('ZH-HANS')).toBe('zh');
    const tsv = glossaryTsv({ owner: 't', terms: [{ source: 'b', target: 'y' }, turnover] });
    expect(tsv).toBe('b\ty\nturnover\tlimpieza de salida');
    expect(glossaryName('team-1', 'en', 'es', tsv)).toMatch(/^listsync:team-1:en-es:[0-9a-f]{16}$/);
  });

  it('makes one glossary per team, pair and entries, reuses it, and replaces it when entries change', async () => {
    const engine = createDeepLEngine({ authKey: KEY, apiUrl: fake.url });
    const team = { owner: 'team-a', terms: [turnover] };
    const out = await translateWithGlossary(
      engine,
      ['Turnover: Harbour View 4B'],
      'en',
      'es',
      team,
      signal(),
    );
    expect(out).toEqual(['ES: limpieza de salida: Harbour View 4B']);
    expect(fake.calls.at(-1)).toMatchObject({
      source: 'EN',
      target: 'ES',
      texts: ['Turnover: Harbour View 4B'],
    });
    const first = fake.calls.at(-1)?.glossaryId;
    expect(first).toBeDefined();
    expect(glossaries.glossaries.get(first ?? '')).toMatchObject({ source_lang: 'en', target_lang: 'es' });

    // Same entries: the same glossary, nothing made.
    const made = glossaries.requests.filter((r) => r === 'POST /v2/glossaries').length;
    await translateWithGlossary(engine, ['turnover'], 'en', 'es', team, signal());
    expect(fake.calls.at(-1)?.glossaryId).toBe(first);
    expect(glossaries.requests.filter((r) => r === 'POST /v2/glossaries').length).toBe(made);

    // Another team: its own glossary.
    await translateWithGlossary(engine, ['turnover'], 'en', 'es', { ...team, owner: 'team-b' }, signal());
    expect(fake.calls.at(-1)?.glossaryId).not.toBe(first);

    // A new entry: a new glossary, the old one deleted (an account keeps at most 1,000).
    const changed = { owner: 'team-a', terms: [turnover, { source: 'key box', target: 'caja de llaves' }] };
    await translateWithGlossary(engine, ['Open the key box'], 'en', 'es', changed, signal());
    const second = fake.calls.at(-1)?.glossaryId;
    expect(second).not.toBe(first);
    expect(fake.calls.at(-1)).toMatchObject({ texts: ['Open the key box'] });
    await expect.poll(() => glossaries.glossaries.has(first ?? '')).toBe(false);
    expect(glossaries.requests).toContain(`DELETE /v2/glossaries/${first}`);

    // After a restart the glossary is found by its name, not made again.
    const restarted = createDeepLEngine({ authKey: KEY, apiUrl: fake.url });
    const before = glossaries.requests.filter((r) => r === 'POST /v2/glossaries').length;
    await translateWithGlossary(restarted, ['turnover'], 'en', 'es', changed, signal());
    expect(fake.calls.at(-1)?.glossaryId).toBe(second);
    expect(glossaries.requests.filter((r) => r === 'POST /v2/glossaries').length).toBe(before);
    // The English target is asked for as EN-US; its glossary is into 'en'.
    await translateWithGlossary(
      restarted,
      ['limpieza'],
      'es',
      'en',
      { owner: 'team-a', terms: [{ source: 'limpieza', target: 'turnover' }] },
      signal(),
    );
    expect(fake.calls.at(-1)).toMatchObject({ source: 'ES', target: 'EN-US' });
    expect(fake.refused).toEqual([]);
  });

  it('a pair DeepL has no glossaries for (into Arabic here) gets the terms substituted', async () => {
    const engine = createDeepLEngine({ authKey: KEY, apiUrl: fake.url });
    const out = await translateWithGlossary(
      engine,
      ['Turnover now'],
      'en',
      'ar',
      { owner: 'team-a', terms: [{ source: 'turnover', target: 'تنظيف' }] },
      signal(),
    );
    expect(fake.calls.at(-1)).toMatchObject({ texts: ['ZQX1 now'], target: 'AR' });
    expect(fake.calls.at(-1)?.glossaryId).toBeUndefined();
    expect(out).toEqual(['AR: تنظيف now']);
  });
});
