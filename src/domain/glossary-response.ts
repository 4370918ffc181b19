import { z } from 'zod';
import type { ChecklistTranslation, GlossaryEntry } from './glossary.ts';
import type { Expect, Same } from './schema-types.ts';
import { LanguageCodeSchema, TranslationNoteSchema } from './translation-response.ts';

/** The answers of the glossary endpoints as zod (docs/api.md "Glossary"); the types are in glossary.ts. */

export const GlossaryEntrySchema = z
  .strictObject({
    id: z.string(),
    language: LanguageCodeSchema,
    source: z.string(),
    target: z.string(),
  })
  .meta({
    id: 'GlossaryEntry',
    description: 'A term the team always translates the same way into `language`',
  });

/** GET /api/glossary: by language, then by term. */
export const GlossaryListSchema = z
  .strictObject({ entries: z.array(GlossaryEntrySchema) })
  .meta({ id: 'GlossaryList', description: "The team's glossary, by language, then by term" });

/** POST /api/glossary */
export const GlossaryEntryAnswerSchema = z
  .strictObject({ entry: GlossaryEntrySchema })
  .meta({ id: 'GlossaryEntryAnswer', description: 'The entry just added' });

/** GET /api/checklists/{id}/translation and the correction routes. */
export const ChecklistTranslationSchema = z
  .strictObject({
    language: LanguageCodeSchema,
    sourceLanguage: LanguageCodeSchema,
    translated: z.boolean(),
    translationNote: TranslationNoteSchema.optional(),
    tasks: z.array(
      z.strictObject({
        id: z.string(),
        description: z.string(),
        details: z.string(),
        corrected: z.array(z.enum(['description', 'details'])),
      }),
    ),
  })
  .meta({
    id: 'ChecklistTranslation',
    description:
      "The checklist's tasks as a recipient reading `language` sees them, with the team's corrections",
  });

export type GlossarySchemasMatchTypes = [
  Expect<Same<z.infer<typeof GlossaryEntrySchema>, GlossaryEntry>>,
  Expect<Same<z.infer<typeof ChecklistTranslationSchema>, ChecklistTranslation>>,
];
