import type { Checklist } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';

/** A translated text with the text it was made from: it applies only while that is still the text. */
interface TranslatedText {
  from: string;
  to: string;
}

/** The machine translations of one answer, by what they translate (tasks by id). */
export interface TranslationOverlay {
  name?: TranslatedText;
  remarks?: TranslatedText;
  tasks: Record<
    string,
    { description?: TranslatedText; details?: TranslatedText; redoNote?: TranslatedText }
  >;
}

/**
 * A recipient's copy as the query cache keeps it: the checklist as written (what live updates, the
 * offline queue and the server's answers to ticks carry), the translations beside it. They are laid
 * over the texts when shown (`translatedChecklist`), so a tick from the owner arriving live never
 * turns the page back to the original.
 */
export type SharedCopy = SharedChecklistResponse & { translations?: TranslationOverlay };

function pair(from: string, to: string): TranslatedText | undefined {
  return from !== to ? { from, to } : undefined;
}

/** The server's answer (translated texts in `checklist`, the originals in `original`) as a SharedCopy. */
export function asWritten(answer: SharedChecklistResponse): SharedCopy {
  const original = answer.original;
  if (!answer.translated || !original) return answer;
  const written = new Map(original.tasks.map((task) => [task.id, task]));
  const translations: TranslationOverlay = {
    name: pair(original.name, answer.checklist.name),
    remarks: pair(original.remarks, answer.checklist.remarks),
    tasks: {},
  };
  const tasks = answer.checklist.tasks.map((task) => {
    const source = written.get(task.id);
    if (!source) return task;
    translations.tasks[task.id] = {
      description: pair(source.description, task.description),
      details: pair(source.details, task.details),
      ...(source.redoNote && task.redoNote ? { redoNote: pair(source.redoNote, task.redoNote) } : {}),
    };
    const redoNote = source.redoNote ?? task.redoNote;
    return { ...task, description: source.description, details: source.details, redoNote };
  });
  return {
    ...answer,
    checklist: { ...answer.checklist, name: original.name, remarks: original.remarks, tasks },
    translations,
  };
}

function shown(text: string, translation: TranslatedText | undefined): string {
  return translation && translation.from === text ? translation.to : text;
}

/** The translated text of a remark, or null when there is none for the text as it is now. */
export function translatedRemarks(remarks: string, overlay: TranslationOverlay | undefined): string | null {
  const translation = overlay?.remarks;
  return translation && translation.from === remarks ? translation.to : null;
}

/**
 * The checklist with its texts in the page's language, where a translation of the current text exists.
 * A text changed since (the owner edited it) shows as written until the next answer translates it.
 */
export function translatedChecklist(
  checklist: Checklist,
  overlay: TranslationOverlay | undefined,
): Checklist {
  if (!overlay) return checklist;
  return {
    ...checklist,
    name: shown(checklist.name, overlay.name),
    tasks: checklist.tasks.map((task) => {
      const texts = overlay.tasks[task.id];
      if (!texts) return task;
      return {
        ...task,
        description: shown(task.description, texts.description),
        details: shown(task.details, texts.details),
        redoNote: task.redoNote === null ? null : shown(task.redoNote, texts.redoNote),
      };
    }),
  };
}
