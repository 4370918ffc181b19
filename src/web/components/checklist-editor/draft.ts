import type { Checklist } from '#domain/checklist';
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
  if (!checklist) return { name: '', tasks: [] };
  return {
    name: checklist.name,
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
  return {
    name: body.name,
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

/** The body sent to POST or PUT: the tasks in their order, trimmed, each description on one line. */
export function draftToBody(draft: ChecklistDraft): ChecklistBody {
  return {
    name: draft.name.trim(),
    tasks: draft.tasks.map((task) => ({
      id: task.id,
      description: singleLine(task.description).trim(),
      photoRequired: task.photoRequired,
      details: task.details.trim(),
    })),
  };
}
