import type { LanguageCode } from '#domain/languages';
import { deeplGlossaries } from './deepl-glossary.ts';
import { requestJson } from './http-json.ts';
import { expectStrings, type TranslationEngine, TranslationError } from './translation-engine.ts';

export interface DeepLOptions {
  authKey: string;
  /** https://api.deepl.com or https://api-free.deepl.com (keys ending ':fx'); no trailing slash. */
  apiUrl: string;
}

/**
 * DeepL's codes for our languages (its /v2/translate): sources are two letters; targets name the
 * variant where DeepL wants one (EN-US, PT-BR, ZH-HANS; plain EN and PT are deprecated as targets).
 * Hindi is not among DeepL's standard languages: no entry, so no engine for it. Vietnamese and
 * Tagalog are text-translation languages of DeepL (VI, TL: no document translation; docs/languages.md).
 */
const DEEPL_SOURCE: Partial<Record<LanguageCode, string>> = {
  en: 'EN',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  pt: 'PT',
  zh: 'ZH',
  ru: 'RU',
  ja: 'JA',
  ar: 'AR',
  vi: 'VI',
  tl: 'TL',
  pl: 'PL',
  uk: 'UK',
  ro: 'RO',
};
const DEEPL_TARGET: Partial<Record<LanguageCode, string>> = {
  ...DEEPL_SOURCE,
  en: 'EN-US',
  pt: 'PT-BR',
  zh: 'ZH-HANS',
};

export function deeplCodes(source: LanguageCode, target: LanguageCode) {
  const from = DEEPL_SOURCE[source];
  const to = DEEPL_TARGET[target];
  return from && to ? { source_lang: from, target_lang: to } : null;
}

/**
 * DeepL API v2: POST /v2/translate, `Authorization: DeepL-Auth-Key <key>`, JSON `{text: [texts],
 * source_lang, target_lang}`; answers `{translations: [{detected_source_language, text}]}`.
 * At most 50 texts per request (and 128 KiB of body).
 */
export function createDeepLEngine(options: DeepLOptions): TranslationEngine {
  return {
    name: 'deepl',
    limits: { maxTexts: 50, maxChars: 30_000 },
    describe: () => `deepl (${options.apiUrl})`,
    supports: async (source, target) => deeplCodes(source, target) !== null,
    async translate(texts, source, target, { signal }) {
      const codes = deeplCodes(source, target);
      if (!codes) throw new TranslationError('unsupported');
      return deeplTranslate(options, texts, codes, signal);
    },
    translateWithGlossary: deeplGlossaries(options, {
      codes: deeplCodes,
      translate: (texts, codes, signal, extra) => deeplTranslate(options, texts, codes, signal, extra),
    }),
  };
}

/** One POST /v2/translate; `extra` adds fields (`glossary_id`). */
export async function deeplTranslate(
  options: DeepLOptions,
  texts: readonly string[],
  codes: { source_lang: string; target_lang: string },
  signal: AbortSignal,
  extra: Record<string, string> = {},
): Promise<string[]> {
  const answer = await requestJson(`${options.apiUrl}/v2/translate`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${options.authKey}` },
    body: { text: texts, ...codes, ...extra },
    signal,
  });
  const translations = (answer as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(translations)) throw new TranslationError('invalid_response');
  return expectStrings(
    translations.map((t) => (t as { text?: unknown } | null)?.text),
    texts.length,
  );
}
