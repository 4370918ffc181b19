import type { LanguageCode } from '#domain/languages';
import { requestJson } from './http-json.ts';
import { expectStrings, type TranslationEngine, TranslationError } from './translation-engine.ts';

export interface LibreTranslateOptions {
  /** The server's address, no trailing slash: http://mt.internal:5000 */
  url: string;
  apiKey?: string;
}

/**
 * Our code as a LibreTranslate instance names it: 'zh' is 'zh' on older instances and 'zh-Hans'
 * (Simplified) on newer ones; the others are the same two letters.
 */
export function libreCode(code: LanguageCode, offered: ReadonlySet<string>): string | null {
  const candidates = code === 'zh' ? ['zh', 'zh-Hans'] : [code];
  return candidates.find((candidate) => offered.has(candidate)) ?? null;
}

/** GET /languages: `[{code, name, targets: [code…]}]`, as source -> targets. */
export function parseLibreLanguages(answer: unknown): Map<string, Set<string>> {
  if (!Array.isArray(answer)) throw new TranslationError('invalid_response');
  const pairs = new Map<string, Set<string>>();
  for (const language of answer) {
    const { code, targets } = (language ?? {}) as { code?: unknown; targets?: unknown };
    if (typeof code !== 'string') throw new TranslationError('invalid_response');
    const list = Array.isArray(targets) ? targets.filter((t): t is string => typeof t === 'string') : [];
    pairs.set(code, new Set(list));
  }
  return pairs;
}

const LANGUAGES_TIMEOUT_MS = 10_000;
const LANGUAGES_RETRY_MS = 30_000;

/**
 * A (self-hosted) LibreTranslate: POST /translate with `{q: [texts], source, target, format: 'text',
 * api_key?}` answers `{translatedText: [texts]}`. Its language list is asked once and kept; until
 * it has been read, whether a pair is supported cannot be known (a failure, retried later).
 */
export function createLibreTranslateEngine(options: LibreTranslateOptions): TranslationEngine {
  let languages: Promise<Map<string, Set<string>>> | null = null;
  /** After a failed /languages, it is not asked again for a while: a dead server is not hammered. */
  let failedUntil = 0;
  const languagesOnce = () => {
    if (!languages && Date.now() < failedUntil) return Promise.reject(new TranslationError('unreachable'));
    languages ??= requestJson(`${options.url}/languages`, {
      method: 'GET',
      signal: AbortSignal.timeout(LANGUAGES_TIMEOUT_MS),
    })
      .then(parseLibreLanguages)
      .catch((error: unknown) => {
        languages = null;
        failedUntil = Date.now() + LANGUAGES_RETRY_MS;
        throw error;
      });
    return languages;
  };
  const codesFor = async (source: LanguageCode, target: LanguageCode) => {
    const pairs = await languagesOnce();
    const from = libreCode(source, new Set(pairs.keys()));
    const to = from ? libreCode(target, pairs.get(from) ?? new Set()) : null;
    return from && to ? { from, to } : null;
  };

  return {
    name: 'libretranslate',
    // LibreTranslate has no batch limit of its own but an operator's char limit (often 5,000 per call).
    limits: { maxTexts: 50, maxChars: 5_000 },
    describe: () => `libretranslate (${options.url})`,
    async supports(source, target) {
      return (await codesFor(source, target)) !== null;
    },
    async translate(texts, source, target, { signal }) {
      const codes = await codesFor(source, target);
      if (!codes) throw new TranslationError('unsupported');
      const answer = await requestJson(`${options.url}/translate`, {
        method: 'POST',
        body: {
          q: texts,
          source: codes.from,
          target: codes.to,
          format: 'text',
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        },
        signal,
      });
      return expectStrings((answer as { translatedText?: unknown } | null)?.translatedText, texts.length);
    },
  };
}
