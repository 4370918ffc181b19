import type { LanguageCode } from './languages.ts';

/**
 * Machine translation of the owner's texts for a recipient (docs/api.md "Translation", docs/decisions/0009).
 * The shapes both sides read; the server's adapters and cache are in src/server.
 */

/** The engines an operator may configure (`TRANSLATION_PROVIDER`). */
export const TRANSLATION_PROVIDERS = ['libretranslate', 'deepl', 'google', 'apertium', 'none'] as const;
export type TranslationProviderName = (typeof TRANSLATION_PROVIDERS)[number];

export const TRANSLATION_LIMITS = {
  /** The longest a page waits for a provider before it is answered with the texts as written. */
  waitMs: 2000,
} as const;

/**
 * Why texts are shown as written. A code, not a sentence: the page says it in the recipient's
 * language from its own catalog.
 * - `unavailable`: no engine is configured for this pair of languages.
 * - `pending`: the translation is under way; ask again shortly (the answer says when it lands).
 * - `failed`: the engine failed; it is retried with backoff, the texts are shown as written meanwhile.
 */
export type TranslationNote = 'unavailable' | 'pending' | 'failed';

/** The owner's texts as written, sent beside their translation so 'Show original' needs no request. */
export interface OriginalTexts {
  name: string;
  remarks: string;
  /** `redoNote`: the team's note as written, on a task sent back with one. */
  tasks: Array<{ id: string; description: string; details: string; redoNote?: string }>;
}

/** What GET /api/shared/checklist adds about translation (merged into SharedChecklistResponse). */
export interface SharedTranslation {
  /** The language the page is shown in: `lang` of the request when given, else the share's. */
  language: LanguageCode;
  /** The language the owner's texts are written in. */
  sourceLanguage: LanguageCode;
  /** True when any of the owner's texts in `checklist` were machine-translated. */
  translated: boolean;
  /** Present when `translated`: the texts as written. */
  original?: OriginalTexts;
  /** Present when a translation was wanted and the texts are (partly) shown as written. */
  translationNote?: TranslationNote;
}

/**
 * GET /api/checklists/{id}/remarks?lang= (owner only): the remarks as written and in the reader's
 * language, so the owner reads a recipient's remarks in their own language with 'Show original'.
 */
export interface RemarksTranslationResponse {
  /** As written. */
  remarks: string;
  /** The language they were written in. */
  language: LanguageCode;
  /** In the language asked for (`lang`, else the owner's); the remarks as written when not translated. */
  text: string;
  /** The language of `text` as asked for. */
  textLanguage: LanguageCode;
  translated: boolean;
  translationNote?: TranslationNote;
}

/** PUT /api/user/{uid}/language answers the language now set. */
export interface UserLanguageResponse {
  language: LanguageCode;
}
