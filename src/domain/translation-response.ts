import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import type { Expect, Same } from './schema-types.ts';
import type {
  OriginalTexts,
  RemarksTranslationResponse,
  SharedTranslation,
  TranslationNote,
  UserLanguageResponse,
} from './translation.ts';

/** The answers of the translation endpoints as zod (docs/api.md "Translation"); types in translation.ts. */

/** One of the fifteen languages, as the API writes it. */
export const LanguageCodeSchema = z
  .enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]])
  .meta({ id: 'LanguageCode', description: 'One of the fifteen languages' });

export const TranslationNoteSchema = z.enum(['unavailable', 'pending', 'failed']);

export const OriginalTextsSchema = z
  .strictObject({
    name: z.string(),
    remarks: z.string(),
    tasks: z.array(
      z.strictObject({
        id: z.string(),
        description: z.string(),
        details: z.string(),
        redoNote: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'OriginalTexts', description: "The owner's texts as written, when they were translated" });

/** The fields GET /api/shared/checklist adds about translation (merged into its answer). */
export const sharedTranslationFields = {
  language: LanguageCodeSchema,
  sourceLanguage: LanguageCodeSchema,
  translated: z.boolean(),
  original: OriginalTextsSchema.optional(),
  translationNote: TranslationNoteSchema.optional(),
};

/** GET /api/checklists/{id}/remarks */
export const RemarksTranslationSchema = z
  .strictObject({
    remarks: z.string(),
    language: LanguageCodeSchema,
    text: z.string(),
    textLanguage: LanguageCodeSchema,
    translated: z.boolean(),
    translationNote: TranslationNoteSchema.optional(),
  })
  .meta({
    id: 'RemarksTranslationResponse',
    description: 'The remarks as written and in the language asked for',
  });

/** PUT /api/user/{uid}/language */
export const UserLanguageSchema = z
  .strictObject({ language: LanguageCodeSchema })
  .meta({ id: 'UserLanguageResponse', description: "The owner's language, now set" });

export type TranslationSchemasMatchTypes = [
  Expect<Same<z.infer<typeof TranslationNoteSchema>, TranslationNote>>,
  Expect<Same<z.infer<typeof OriginalTextsSchema>, OriginalTexts>>,
  Expect<Same<z.infer<z.ZodObject<typeof sharedTranslationFields>>, SharedTranslation>>,
  Expect<Same<z.infer<typeof RemarksTranslationSchema>, RemarksTranslationResponse>>,
  Expect<Same<z.infer<typeof UserLanguageSchema>, UserLanguageResponse>>,
];
