import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode, languageCodeMessage } from './languages.ts';

/**
 * Request schemas of the translation endpoints (docs/api.md "Translation"). Apart from
 * translation.ts so the shared page, which reads only its types, does not carry zod for them.
 */

const languageCode = (field: string) =>
  z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: languageCodeMessage(field) });

/** `?lang=` of GET /api/shared/checklist and GET /api/checklists/{id}/remarks. */
export const LanguageQuery = languageCode('lang');

/** GET /api/checklists/{id}/remarks?lang=: the remarks in the owner's language (or `lang`). */
export const RemarksTranslationQuery = z.object({ lang: LanguageQuery.optional() });

/** PUT /api/user/{uid}/language. */
export const UserLanguageInput = z.object({ language: languageCode('language') });
export type UserLanguageInput = z.infer<typeof UserLanguageInput>;
