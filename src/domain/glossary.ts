import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { LANGUAGE_CODES, type LanguageCode, languageCodeMessage, languageName } from './languages.ts';

/**
 * A team's glossary (docs/translation.md "Team glossary", docs/api.md "Glossary"): fixed translations
 * of trade terms per language ("turnover" -> "limpieza de salida" in Spanish), applied by every
 * engine, and the owner's corrections of one translated task. Open to every plan; the languages are
 * those the team's plan shares in. The owner and admins change it; every member reads it.
 */

export interface GlossaryEntry {
  id: string;
  /** The language the term is translated into (the page's language). */
  language: LanguageCode;
  /** The word or phrase as the team writes it (matched as whole words, case-insensitively). */
  source: string;
  /** What it must become in `language`. */
  target: string;
}

export const GLOSSARY_LIMITS = {
  /** Entries a team keeps at most, all languages together. */
  perTeam: 500,
  sourceMax: 100,
  targetMax: 200,
  /** A corrected translation of a task's description or details (as long as the task text may be). */
  correctionMax: 5_000,
} as const;

export const GLOSSARY_MESSAGES = {
  sourceRequired: 'Enter the term as your team writes it',
  sourceTooLong: `The term must be at most ${GLOSSARY_LIMITS.sourceMax} characters`,
  sourceNeedsLetter: 'The term must contain a letter',
  targetRequired: 'Enter its translation',
  targetTooLong: `The translation must be at most ${GLOSSARY_LIMITS.targetMax} characters`,
  correctionRequired: 'Enter the corrected translation',
  correctionTooLong: `The correction must be at most ${GLOSSARY_LIMITS.correctionMax} characters`,
  termExists: 'That term is already in the glossary for this language. Delete it first to change it.',
  limitReached: `A team keeps at most ${GLOSSARY_LIMITS.perTeam} glossary entries. Delete one to add another.`,
  managersOnly: 'Only the team’s owner and admins change the glossary.',
  notFound: 'Glossary entry not found',
  taskNotFound: 'Task not found',
  sameLanguage: 'This checklist is already written in that language.',
} as const;

/** The language's name for messages ('Spanish'). */
export function glossaryLanguageMessage(allowed: readonly LanguageCode[]): string {
  return `Your plan translates into ${allowed.map(languageName).join(' and ')} only.`;
}

const languageCode = (field: string) =>
  z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: languageCodeMessage(field) });

/** One line, single spaces: a term never holds a tab or line break (DeepL's TSV could not carry it). */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
}

/** POST /api/glossary */
export const GlossaryEntryInput = z.object({
  language: languageCode('language'),
  source: z
    .string({ error: GLOSSARY_MESSAGES.sourceRequired })
    .overwrite(oneLine)
    .min(1, { error: GLOSSARY_MESSAGES.sourceRequired, abort: true })
    .max(GLOSSARY_LIMITS.sourceMax, { error: GLOSSARY_MESSAGES.sourceTooLong, abort: true })
    .refine((value) => /\p{L}/u.test(value), { error: GLOSSARY_MESSAGES.sourceNeedsLetter }),
  target: z
    .string({ error: GLOSSARY_MESSAGES.targetRequired })
    .overwrite(oneLine)
    .min(1, { error: GLOSSARY_MESSAGES.targetRequired })
    .max(GLOSSARY_LIMITS.targetMax, { error: GLOSSARY_MESSAGES.targetTooLong }),
});
export type GlossaryEntryData = z.infer<typeof GlossaryEntryInput>;

export const GlossaryParams = z.object({ id: z.string().min(1).max(ID_MAX) });

/** Which text of a task a correction is for. */
export const TASK_TEXT_FIELDS = ['description', 'details'] as const;
export type TaskTextField = (typeof TASK_TEXT_FIELDS)[number];

/** GET /api/checklists/{id}/translation?lang= */
export const ChecklistTranslationQuery = z.object({ lang: languageCode('lang') });

/** PUT /api/checklists/{id}/tasks/{taskId}/translation: the owner's own translation of one task text. */
export const TranslationCorrectionInput = z.object({
  language: languageCode('language'),
  field: z.enum(TASK_TEXT_FIELDS, { error: 'field must be description or details' }),
  text: z
    .string({ error: GLOSSARY_MESSAGES.correctionRequired })
    .trim()
    .min(1, { error: GLOSSARY_MESSAGES.correctionRequired })
    .max(GLOSSARY_LIMITS.correctionMax, { error: GLOSSARY_MESSAGES.correctionTooLong }),
});
export type TranslationCorrectionData = z.infer<typeof TranslationCorrectionInput>;

/** DELETE /api/checklists/{id}/tasks/{taskId}/translation?language=&field=: back to the machine's. */
export const TranslationCorrectionQuery = z.object({
  language: languageCode('language'),
  field: z.enum(TASK_TEXT_FIELDS, { error: 'field must be description or details' }),
});

export const TaskTranslationParams = z.object({
  id: z.string().min(1).max(ID_MAX),
  taskId: z.string().min(1).max(ID_MAX),
});

/** GET /api/checklists/{id}/translation: the tasks as a recipient reading `language` sees them. */
export interface ChecklistTranslation {
  language: LanguageCode;
  sourceLanguage: LanguageCode;
  translated: boolean;
  translationNote?: 'unavailable' | 'pending' | 'failed';
  tasks: Array<{ id: string; description: string; details: string; corrected: TaskTextField[] }>;
}
