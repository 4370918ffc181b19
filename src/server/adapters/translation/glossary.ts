import {
  type CompiledGlossary,
  compileGlossary,
  findTerms,
  type TermMatch,
  targetAsFound,
} from '#domain/glossary-terms';
import type { LanguageCode } from '#domain/languages';
import type { EngineGlossary, TranslationEngine } from './translation-engine.ts';

export type { EngineGlossary };

/**
 * A team's glossary applied by every engine (docs/translation.md "Team glossary", decision 0055): an
 * engine with glossaries of its own (DeepL) gets the team's terms as one of them; any other, and a
 * pair its glossaries lack, gets protected-term substitution around it: each term found in a text
 * (whole words, case-insensitively, longest first) becomes a placeholder the engine copies as it
 * stands, and the target term is put back in its place after.
 */

/**
 * Placeholders: letters and digits in a shape no language has as a word ('ZQX1'), which Apertium
 * passes through as an unknown word and neural engines copy as they copy a code ('4B', 'A113').
 * Their prefix is one the batch's texts do not hold, so a text's own words are never taken for one.
 */
const PREFIXES = ['ZQX', 'QZV', 'XKQ', 'VQZX', 'ZXQV'] as const;

export function placeholderPrefix(texts: readonly string[]): string {
  const joined = texts.join('\n').toUpperCase();
  const free = PREFIXES.find((prefix) => !joined.includes(prefix));
  return free ?? `ZQ${'X'.repeat(joined.length % 7)}Q`;
}

export interface ProtectedText {
  /** The text with each term replaced by `{prefix}{n}` (n from 1), or as written without terms. */
  text: string;
  matches: TermMatch[];
  /** True when nothing but terms, spaces, digits and punctuation is left: no engine is needed. */
  termsOnly: boolean;
}

export function protectTerms(text: string, glossary: CompiledGlossary, prefix: string): ProtectedText {
  const matches = findTerms(text, glossary);
  if (matches.length === 0) return { text, matches, termsOnly: false };
  let out = '';
  let rest = '';
  let at = 0;
  matches.forEach((match, i) => {
    const between = text.slice(at, match.index);
    out += `${between}${prefix}${i + 1}`;
    rest += between;
    at = match.index + match.found.length;
  });
  out += text.slice(at);
  rest += text.slice(at);
  return { text: out, matches, termsOnly: !/\p{L}/u.test(rest) };
}

/** The engine's output with each placeholder turned into its target term; null if one did not come back. */
export function restoreTerms(
  translated: string,
  protectedText: ProtectedText,
  prefix: string,
): string | null {
  const { matches } = protectedText;
  const seen = new Set<number>();
  const pattern = new RegExp(`${prefix}(\\d+)(?!\\d)`, 'gi');
  const out = translated.replace(pattern, (whole, digits: string) => {
    const n = Number(digits);
    const match = matches[n - 1];
    if (!match) return whole;
    seen.add(n);
    return targetAsFound(match);
  });
  return seen.size === matches.length ? out : null;
}

/**
 * Translates the texts with the team's terms. Engines without glossaries of their own, and pairs
 * their glossaries lack, get the substitution; a text whose placeholder the engine lost is translated
 * again as written (the term then as the engine has it) rather than shown with a placeholder.
 */
export async function translateWithGlossary(
  engine: TranslationEngine,
  texts: readonly string[],
  source: LanguageCode,
  target: LanguageCode,
  glossary: EngineGlossary | null,
  options: { signal: AbortSignal },
): Promise<string[]> {
  const compiled = compileGlossary(glossary?.terms ?? []);
  if (!glossary || !compiled.pattern) return engine.translate(texts, source, target, options);
  if (engine.translateWithGlossary) {
    const own = await engine.translateWithGlossary(texts, source, target, glossary, options);
    if (own) return own;
  }
  return translateProtected(engine, texts, source, target, compiled, options);
}

async function translateProtected(
  engine: TranslationEngine,
  texts: readonly string[],
  source: LanguageCode,
  target: LanguageCode,
  compiled: CompiledGlossary,
  options: { signal: AbortSignal },
): Promise<string[]> {
  const prefix = placeholderPrefix(texts);
  const protectedTexts = texts.map((text) => protectTerms(text, compiled, prefix));
  const sent = protectedTexts.flatMap((p, i) => (p.termsOnly ? [] : [i]));
  const answered =
    sent.length > 0
      ? await engine.translate(
          sent.map((i) => protectedTexts[i]?.text ?? ''),
          source,
          target,
          options,
        )
      : [];
  const out = protectedTexts.map((p) => p.text);
  sent.forEach((index, k) => {
    out[index] = answered[k] ?? out[index] ?? '';
  });
  const lost: number[] = [];
  const restored = out.map((text, i) => {
    const protectedText = protectedTexts[i];
    if (!protectedText || protectedText.matches.length === 0) return text;
    const back = restoreTerms(text, protectedText, prefix);
    if (back === null) lost.push(i);
    return back ?? text;
  });
  if (lost.length > 0) {
    const again = await engine.translate(
      lost.map((i) => texts[i] ?? ''),
      source,
      target,
      options,
    );
    lost.forEach((index, k) => {
      restored[index] = again[k] ?? texts[index] ?? '';
    });
  }
  return restored;
}
