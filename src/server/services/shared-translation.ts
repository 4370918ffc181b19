import type { FastifyBaseLogger } from 'fastify';
import type { Checklist } from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import type { RemarksTranslationResponse, SharedTranslation } from '#domain/translation';
import type { Database } from '../db/client.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { textsOfChecklist, translatableTexts } from '../presenters/checklist-texts.ts';
import { inLanguage } from '../presenters/checklists.ts';
import { asLanguage } from '../presenters/users.ts';
import { announce } from '../repositories/change-notices.ts';
import { checklistLanguagesRow } from '../repositories/checklists.ts';
import { readChecklist } from './checklists.ts';
import {
  combineNotes,
  isTranslatable,
  type TranslationLanded,
  type TranslationResult,
  type TranslationService,
} from './translation.ts';

/**
 * A checklist in a recipient's language: the owner's texts (name, task descriptions and details)
 * from the owner's language, the remarks from the language they were written in (a recipient's
 * remarks in the page's language stay as written).
 */

export interface ChecklistLanguages {
  /** The checklist's team: translations are kept and reused per team (decision 0044). */
  teamId: string;
  /** users.language of the owner: what the name and tasks are written in. */
  ownerLanguage: LanguageCode;
  /** checklists.remarks_language; null: the owner's language. */
  remarksLanguage: LanguageCode | null;
}

export function checklistLanguagesOf(row: {
  teamId: string;
  ownerLanguage: string;
  remarksLanguage: string | null;
}): ChecklistLanguages {
  return {
    teamId: row.teamId,
    ownerLanguage: asLanguage(row.ownerLanguage),
    remarksLanguage: row.remarksLanguage === null ? null : asLanguage(row.remarksLanguage),
  };
}

/**
 * The owner's texts and the remarks: one request to the engine when the remarks are in the owner's
 * language (the usual case), two in parallel when a recipient wrote them in another.
 */
async function translateTexts(
  translation: TranslationService,
  teamId: string,
  texts: { texts: string[]; source: LanguageCode; remarks: { text: string; language: LanguageCode } },
  target: LanguageCode,
  landed?: { key: string; notify: TranslationLanded },
  waitMs?: number,
): Promise<{ texts: TranslationResult; remarks: TranslationResult }> {
  const { source, remarks } = texts;
  const own = { teamId, source, target };
  if (remarks.language === source) {
    const both = await translation.translate([...texts.texts, remarks.text], own, landed, waitMs);
    const remarksText = both.texts.pop() ?? remarks.text;
    const remarksTranslated = both.translated && isTranslatable(remarks.text);
    return {
      texts: both,
      remarks: { texts: [remarksText], translated: remarksTranslated },
    };
  }
  const [owners, written] = await Promise.all([
    translation.translate(texts.texts, own, landed, waitMs),
    translation.translate([remarks.text], { ...own, source: remarks.language }, landed, waitMs),
  ]);
  return { texts: owners, remarks: written };
}

export async function translateChecklist(
  translation: TranslationService,
  checklist: Checklist,
  languages: ChecklistLanguages,
  target: LanguageCode,
  landed?: { key: string; notify: TranslationLanded },
  /** The longest to wait for the engine (the translation service's own wait unless said). */
  waitMs?: number,
): Promise<{ checklist: Checklist } & SharedTranslation> {
  const remarksSource = languages.remarksLanguage ?? languages.ownerLanguage;
  const { texts, remarks } = await translateTexts(
    translation,
    languages.teamId,
    {
      texts: translatableTexts(checklist),
      source: languages.ownerLanguage,
      remarks: { text: checklist.remarks, language: remarksSource },
    },
    target,
    landed,
    waitMs,
  );
  const translated = texts.translated || remarks.translated;
  const note = combineNotes(texts.note, remarks.note);
  const shared: SharedTranslation = {
    language: target,
    sourceLanguage: languages.ownerLanguage,
    translated,
    ...(note ? { translationNote: note } : {}),
  };
  if (!translated) return { checklist, ...shared };
  const [name = checklist.name, ...taskTexts] = texts.texts;
  const shown = inLanguage(checklist, {
    ...textsOfChecklist(checklist, name, taskTexts),
    remarks: remarks.texts[0] ?? checklist.remarks,
  });
  return { checklist: shown.checklist, ...shared, original: shown.original };
}

/**
 * Starts translating a checklist into a share's language when its code is sent, so the recipient's
 * first page finds it ready. Not awaited by the send; its failures are logged (without the texts).
 */
export function warmChecklistTranslation(
  db: Database,
  translation: TranslationService,
  log: Pick<FastifyBaseLogger, 'warn'>,
  checklistId: string,
  target: LanguageCode,
): void {
  void (async () => {
    const row = await checklistLanguagesRow(db, null, checklistId);
    if (!row) return;
    const checklist = await readChecklist(
      db,
      { kind: 'recipient', checklistId, shareId: '', actorLabel: '' },
      checklistId,
    );
    if (!checklist) return;
    const { teamId, ownerLanguage, remarksLanguage } = checklistLanguagesOf(row);
    await Promise.all([
      translation.warm(translatableTexts(checklist), { teamId, source: ownerLanguage, target }),
      translation.warm([checklist.remarks], { teamId, source: remarksLanguage ?? ownerLanguage, target }),
    ]);
  })().catch((error: unknown) => {
    log.warn(
      { kind: error instanceof Error ? error.name : 'unknown', checklistId, target },
      'translation: warming a shared checklist failed',
    );
  });
}

/**
 * Tells every instance that a translation of this checklist landed: their sockets following it get
 * `{type: 'translation-ready', checklistId, language}` and refetch (the page also polls meanwhile).
 */
export function announceTranslationLanded(db: Database, log: Pick<FastifyBaseLogger, 'warn'>) {
  return (checklistId: string, language: LanguageCode): void => {
    announce(db, { kind: 'translation', checklistId, language }).catch((error: unknown) => {
      log.warn({ kind: error instanceof Error ? error.name : 'unknown' }, 'translation: notice not sent');
    });
  };
}

/**
 * GET /api/checklists/{id}/remarks?lang=: the remarks as written and in the owner's language (or
 * `lang`): a recipient's remarks read by the owner in theirs. Owner only; others get 404.
 */
export async function remarksInLanguage(
  db: Database,
  translation: TranslationService,
  access: OwnerAccess,
  checklistId: string,
  lang: LanguageCode | undefined,
): Promise<RemarksTranslationResponse> {
  const row = await checklistLanguagesRow(db, access, checklistId);
  if (!row) throw checklistNotFound();
  const languages = checklistLanguagesOf(row);
  const written = languages.remarksLanguage ?? languages.ownerLanguage;
  const textLanguage = lang ?? languages.ownerLanguage;
  const result = await translation.translate([row.remarks], {
    teamId: languages.teamId,
    source: written,
    target: textLanguage,
  });
  return {
    remarks: row.remarks,
    language: written,
    text: result.texts[0] ?? row.remarks,
    textLanguage,
    translated: result.translated,
    ...(result.note ? { translationNote: result.note } : {}),
  };
}
