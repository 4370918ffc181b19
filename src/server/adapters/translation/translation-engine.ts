import type { GlossaryTerm } from '#domain/glossary-terms';
import type { LanguageCode } from '#domain/languages';
import type { TranslationProviderName } from '#domain/translation';

/**
 * A machine translation engine (docs/api.md "Translation"): LibreTranslate, DeepL, Google Cloud
 * Translation, Apertium on this machine, or none. The service (services/translation.ts) caches,
 * batches, de-duplicates, waits and retries; an engine only translates one batch once.
 */
export interface TranslationEngine {
  readonly name: TranslationProviderName;
  /** What one call may carry: texts and characters (the engine's own request limits). */
  readonly limits: { maxTexts: number; maxChars: number };
  /** For the start-up log: 'apertium (eng-spa, spa-eng)'. */
  describe(): string;
  /**
   * Whether it translates source -> target. Rejects (TranslationError) when that cannot be known now
   * (LibreTranslate's /languages unreachable): the caller treats it as a failure, not as 'no engine'.
   */
  supports(source: LanguageCode, target: LanguageCode): Promise<boolean>;
  /** The texts translated, in order, one for one; rejects with a TranslationError. */
  translate(
    texts: readonly string[],
    source: LanguageCode,
    target: LanguageCode,
    options: { signal: AbortSignal },
  ): Promise<string[]>;
  /**
   * The texts translated with the team's terms by the engine's own glossaries (DeepL's); null when it
   * has none for the pair, and the caller substitutes the terms around `translate` (glossary.ts).
   */
  translateWithGlossary?(
    texts: readonly string[],
    source: LanguageCode,
    target: LanguageCode,
    glossary: EngineGlossary,
    options: { signal: AbortSignal },
  ): Promise<string[] | null>;
}

/** A team's terms for one target language, as engines apply them (glossary.ts, decision 0055). */
export interface EngineGlossary {
  /** Whose terms these are (the team): an engine that keeps glossaries keeps each team's apart. */
  owner: string;
  /** Every term of the team for the target language. */
  terms: readonly GlossaryTerm[];
}

/**
 * - `http`: the engine answered an error status; `timeout`, `unreachable`: no answer;
 * - `invalid_response`: an answer of the wrong shape or length; `process`: the local command failed;
 * - `unsupported`: a pair it does not have.
 */
export type TranslationFailureKind =
  | 'http'
  | 'timeout'
  | 'unreachable'
  | 'invalid_response'
  | 'process'
  | 'aborted'
  | 'unsupported';

/** Carries only what may be logged: never a text, never a key. */
export class TranslationError extends Error {
  constructor(
    readonly kind: TranslationFailureKind,
    readonly status?: number,
  ) {
    super(status ? `translation failed: ${kind} ${status}` : `translation failed: ${kind}`);
    this.name = 'TranslationError';
  }
}

/** Checks an engine's answer: exactly one string per text sent. */
export function expectStrings(value: unknown, count: number): string[] {
  if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === 'string')) {
    throw new TranslationError('invalid_response');
  }
  return value as string[];
}

/**
 * Splits texts into batches within the engine's limits, in order. A text longer than `maxChars`
 * goes alone (the engine may still refuse it; that batch then fails by itself).
 */
export function batchesOf(texts: readonly string[], limits: TranslationEngine['limits']): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length > 0 && (current.length >= limits.maxTexts || chars + text.length > limits.maxChars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
