import { describe, expect, it } from 'vitest';
import { compileGlossary, findTerms, targetAsFound, termsUsed } from './glossary-terms.ts';

const glossary = compileGlossary([
  { source: 'turnover', target: 'limpieza de salida' },
  { source: 'turnover clean', target: 'limpieza completa de salida' },
  { source: 'key box', target: 'caja de llaves' },
  { source: 'C++', target: 'C más más' },
]);
const found = (text: string) => findTerms(text, glossary).map((m) => [m.found, m.term.target]);

describe('glossary terms', () => {
  it('matches whole words only, in any case', () => {
    expect(found('Turnover: Harbour View 4B')).toEqual([['Turnover', 'limpieza de salida']]);
    expect(found('TURNOVER today')).toEqual([['TURNOVER', 'limpieza de salida']]);
    expect(found('turnovers and returnover')).toEqual([]);
    expect(found('turnover_2')).toEqual([]);
  });

  it('prefers the longest term where two start together, and finds several, left to right', () => {
    expect(found('Turnover clean, then turnover.')).toEqual([
      ['Turnover clean', 'limpieza completa de salida'],
      ['turnover', 'limpieza de salida'],
    ]);
    expect(found('Check the key  box before turnover')).toEqual([
      ['key  box', 'caja de llaves'],
      ['turnover', 'limpieza de salida'],
    ]);
  });

  it('matches next to punctuation, and terms that end in punctuation', () => {
    expect(found('(turnover)')).toEqual([['turnover', 'limpieza de salida']]);
    expect(found('"turnover"!')).toEqual([['turnover', 'limpieza de salida']]);
    expect(found('Learn C++ now')).toEqual([['C++', 'C más más']]);
  });

  it('matches inside text of scripts without spaces', () => {
    const japanese = compileGlossary([{ source: '清掃', target: 'limpieza' }]);
    expect(findTerms('退去清掃をする', japanese).map((m) => m.found)).toEqual(['清掃']);
  });

  it('lists the terms a text uses once each, in a stable order', () => {
    const used = termsUsed('turnover, key box, Turnover', glossary).map((t) => t.source);
    expect(used).toEqual(['key box', 'turnover']);
    expect(termsUsed('Nothing here', glossary)).toEqual([]);
    expect(termsUsed('anything', compileGlossary([]))).toEqual([]);
  });

  it('gives the target a capital where a lower-case term was found with one', () => {
    const term = { source: 'turnover', target: 'limpieza de salida' };
    expect(targetAsFound({ found: 'Turnover', term })).toBe('Limpieza de salida');
    expect(targetAsFound({ found: 'turnover', term })).toBe('limpieza de salida');
    expect(targetAsFound({ found: 'Harbour', term: { source: 'Harbour', target: 'puerto' } })).toBe('puerto');
  });
});
