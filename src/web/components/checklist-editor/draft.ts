import type { Checklist } from '#domain/checklist';
import { dueAtFromFields, dueFieldsOf } from '#domain/due-dates';
import type { ChecklistBody } from '../../sync/index.ts';

/** A task as the editor holds it. New ones carry a temporary id; the server assigns the real one. */
export interface DraftTask {
  id: string;
  description: string;
  photoRequired: boolean;
  details: string;
  /** The task's reference photo on the server (set from the editor at once, never part of a save). */
  referencePhotoUrl: string | null;
}

export interface ChecklistDraft {
  name: string;
  tasks: DraftTask[];
  /** When it is due, as the editor's two fields hold it in the browser's zone ('' for none). */
  dueDate: string;
  dueTime: string;
  /** A submit must carry a signature (issue 34). */
  requireSignature: boolean;
}

/** 'task_' plus a timestamp (spec section 3) and random bits, so two tasks added at once never collide. */
export function temporaryTaskId(): string {
  return `task_${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
}

export function emptyTask(): DraftTask {
  return {
    id: temporaryTaskId(),
    description: '',
    photoRequired: false,
    details: '',
    referencePhotoUrl: null,
  };
}

/** The form's values for a checklist, or an empty form for a new one. */
export function draftFromChecklist(checklist: Checklist | null): ChecklistDraft {
  if (!checklist) return { name: '', tasks: [], dueDate: '', dueTime: '', requireSignature: false };
  const due = dueFieldsOf(checklist.dueAt);
  return {
    name: checklist.name,
    dueDate: due.date,
    dueTime: due.time,
    // A copy cached before the field existed has none: not required.
    requireSignature: checklist.requireSignature ?? false,
    tasks: checklist.tasks.map((task) => ({
      id: task.id,
      description: task.description,
      photoRequired: task.photoRequired,
      details: task.details ?? '',
      referencePhotoUrl: task.referencePhotoUrl,
    })),
  };
}

/** The form's values for a body kept from an earlier save (tasks without an id get a temporary one). */
export function draftFromBody(body: ChecklistBody): ChecklistDraft {
  const due = dueFieldsOf(body.dueAt ?? null);
  return {
    name: body.name,
    dueDate: due.date,
    dueTime: due.time,
    requireSignature: body.requireSignature ?? false,
    tasks: body.tasks.map((task) => ({
      id: task.id ?? temporaryTaskId(),
      description: task.description,
      photoRequired: task.photoRequired ?? false,
      details: task.details ?? '',
      referencePhotoUrl: null,
    })),
  };
}

/** A description is one line of text (spec section 3): each run of line breaks becomes one space. */
export function singleLine(text: string): string {
  return text.replace(/[^\S\r\n]*[\r\n]+[^\S\r\n]*/g, ' ');
}

/**
 * The body sent to POST or PUT: the tasks in their order, trimmed, each description on one line, and
 * the due time and the signature rule when they changed from `editing`'s (an unchanged one is left out, so a save never moves
 * a due time set to the second elsewhere, nor clears its overdue mark).
 */
export function draftToBody(
  draft: ChecklistDraft,
  editing: (Pick<Checklist, 'dueAt'> & Partial<Pick<Checklist, 'requireSignature'>>) | null = null,
): ChecklistBody {
  // Sent when it changes (or a new checklist requires it): a save that did not touch it leaves it be.
  const signing = draft.requireSignature !== (editing?.requireSignature ?? false);
  const before = editing ? dueFieldsOf(editing.dueAt) : null;
  const unchanged = before?.date === draft.dueDate && before.time === draft.dueTime;
  // A date without a time is due at the start of that day; fields that make no time send none.
  const dueAt = unchanged ? undefined : dueAtFromFields(draft.dueDate, draft.dueTime);
  return {
    name: draft.name.trim(),
    ...(dueAt === undefined ? {} : { dueAt: dueAt ? dueAt.toISOString() : null }),
    ...(signing ? { requireSignature: draft.requireSignature } : {}),
    tasks: draft.tasks.map((task) => ({
      id: task.id,
      description: singleLine(task.description).trim(),
      photoRequired: task.photoRequired,
      details: task.details.trim(),
    })),
  };
}
