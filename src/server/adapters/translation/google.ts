import type { LanguageCode } from '#domain/languages';
import { requestJson } from './http-json.ts';
import { expectStrings, type TranslationEngine } from './translation-engine.ts';

export interface GoogleTranslateOptions {
  apiKey: string;
  /** https://translation.googleapis.com/language/translate/v2, or a fake; no trailing slash. */
  url: string;
}

/**
 * Google's code: Chinese is asked for as Simplified (zh-CN); the others are ours, Filipino included
 * ('tl' is the code Cloud Translation v2 lists for it).
 */
export function googleCode(code: LanguageCode): string {
  return code === 'zh' ? 'zh-CN' : code;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Google's v2 answer can carry HTML character references (`&#39;`, `&quot;`) even for
 * `format: 'text'`; they are turned back into characters.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(value: number): string | null {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : null;
}

/**
 * Google Cloud Translation, Basic (v2): POST {url}?key=<key> with JSON `{q: [texts], source, target,
 * format: 'text'}`; answers `{data: {translations: [{translatedText}]}}`. At most 128 texts per
 * request; Google advises at most 5,000 characters. It covers all fifteen of our languages.
 */
export function createGoogleEngine(options: GoogleTranslateOptions): TranslationEngine {
  const endpoint = `${options.url}?key=${encodeURIComponent(options.apiKey)}`;
  return {
    name: 'google',
    limits: { maxTexts: 128, maxChars: 5_000 },
    describe: () => 'google (Cloud Translation v2)',
    supports: async () => true,
    async translate(texts, source, target, { signal }) {
      const answer = await requestJson(endpoint, {
        method: 'POST',
        body: { q: texts, source: googleCode(source), target: googleCode(target), format: 'text' },
        signal,
      });
      const translations = (answer as { data?: { translations?: unknown } } | null)?.data?.translations;
      const list = Array.isArray(translations)
        ? translations.map((t) => (t as { translatedText?: unknown } | null)?.translatedText)
        : null;
      return expectStrings(list, texts.length).map(decodeHtmlEntities);
    },
  };
}
