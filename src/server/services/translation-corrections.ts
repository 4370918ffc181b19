import { AppError } from '#domain/errors';
import { type ChecklistTranslation, GLOSSARY_MESSAGES, type TaskTextField } from '#domain/glossary';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { checklistLanguagesRow } from '../repositories/checklists.ts';
import { cachedWithCorrections, dropCorrection, keepCorrection } from '../repositories/translations.ts';
import { readChecklist } from './checklists.ts';
import { checklistLanguagesOf } from './shared-translation.ts';
import { isTranslatable, type TranslationService } from './translation.ts';
import { textHash } from './translation-lookup.ts';

/**
 * The owner's side of a translated checklist (docs/translation.md "Correcting one task"): its tasks
 * as a recipient reading another language sees them, and the team's own translation of one task's
 * description or details. A correction is kept for the team, the pair and the exact text (the
 * `translations` row of provider 'owner'), so every checklist of the team with that text shows it,
 * whatever the engine or the glossary; it is never sent to an engine.
 */

async function checklistAndLanguages(db: Database, access: OwnerAccess, checklistId: string) {
  const [checklist, row] = await Promise.all([
    readChecklist(db, access, checklistId),
    checklistLanguagesRow(db, access, checklistId),
  ]);
  if (!checklist || !row) throw checklistNotFound();
  return { checklist, languages: checklistLanguagesOf(row) };
}

/** GET /api/checklists/{id}/translation?lang= */
export async function checklistTranslation(
  db: Database,
  translation: TranslationService,
  access: OwnerAccess,
  checklistId: string,
  language: LanguageCode,
): Promise<ChecklistTranslation> {
  const { checklist, languages } = await checklistAndLanguages(db, access, checklistId);
  const scope = { teamId: languages.teamId, source: languages.ownerLanguage, target: language };
  const texts = checklist.tasks.flatMap((task) => [task.description, task.details]);
  const hashes = texts.filter(isTranslatable).map(textHash);
  const [result, { corrected }] = await Promise.all([
    translation.translate(texts, scope),
    language === scope.source || hashes.length === 0
      ? { corrected: new Map<string, string>() }
      : cachedWithCorrections(db, translation.engine.name, scope, hashes),
  ]);
  const isCorrected = (text: string) => isTranslatable(text) && corrected.has(textHash(text));
  return {
    language,
    sourceLanguage: scope.source,
    translated: result.translated,
    ...(result.note ? { translationNote: result.note } : {}),
    tasks: checklist.tasks.map((task, i) => ({
      id: task.id,
      description: result.texts[2 * i] ?? task.description,
      details: result.texts[2 * i + 1] ?? task.details,
      corrected: (['description', 'details'] as const).filter((field) => isCorrected(task[field])),
    })),
  };
}

/** The task's text in that field, refused when there is nothing of it to translate. */
async function correctable(
  db: Database,
  access: OwnerAccess,
  checklistId: string,
  taskId: string,
  language: LanguageCode,
  field: TaskTextField,
) {
  const { checklist, languages } = await checklistAndLanguages(db, access, checklistId);
  const task = checklist.tasks.find((candidate) => candidate.id === taskId);
  if (!task) throw new AppError('not_found', GLOSSARY_MESSAGES.taskNotFound);
  if (language === languages.ownerLanguage) {
    throw new AppError('validation_failed', GLOSSARY_MESSAGES.sameLanguage, {
      issues: [{ path: 'language', message: GLOSSARY_MESSAGES.sameLanguage }],
    });
  }
  const source = task[field];
  if (!isTranslatable(source)) {
    const message = 'This text has nothing to translate.';
    throw new AppError('validation_failed', message, { issues: [{ path: 'field', message }] });
  }
  return { scope: { teamId: languages.teamId, source: languages.ownerLanguage, target: language }, source };
}

/**
 * PUT /api/checklists/{id}/tasks/{taskId}/translation (`text`: the team's translation, replacing any)
 * and DELETE (`text` null: the engine's again). Any member who may work on the checklist.
 */
export async function setTaskCorrection(
  db: Database,
  translation: TranslationService,
  access: OwnerAccess,
  at: { checklistId: string; taskId: string; language: LanguageCode; field: TaskTextField },
  text: string | null,
): Promise<ChecklistTranslation> {
  const { scope, source } = await correctable(db, access, at.checklistId, at.taskId, at.language, at.field);
  if (text === null) await dropCorrection(db, scope, textHash(source));
  else await keepCorrection(db, scope, textHash(source), text);
  return checklistTranslation(db, translation, access, at.checklistId, at.language);
}
