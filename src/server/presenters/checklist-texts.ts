import type { Checklist } from '#domain/checklist';

/**
 * A checklist's owner texts in another language (the shared page's translation, docs/translation.md):
 * which texts go to the engines, in what order, and how the answers are put back. The checklist's JSON
 * itself is presenters/checklists.ts's.
 */

/** The owner's texts of a checklist in another language, in the order `translatableTexts` gives them. */
export interface ChecklistTexts {
  name: string;
  remarks: string;
  /** Per task, in order: its description and details, and its redo note when it has one. */
  tasks: readonly { description: string; details: string; redoNote?: string | null }[];
}

/**
 * The owner's texts as the engines take them: the name, then each task's description and details,
 * then the team's redo notes of the tasks that carry one (in task order).
 */
export function translatableTexts(checklist: Checklist): string[] {
  return [
    checklist.name,
    ...checklist.tasks.flatMap((task) => [task.description, task.details]),
    ...checklist.tasks.flatMap((task) => (task.redoNote ? [task.redoNote] : [])),
  ];
}

/** The texts `translatableTexts` gave, as they came back, put back on the checklist's tasks. */
export function textsOfChecklist(
  checklist: Checklist,
  name: string,
  rest: readonly string[],
): ChecklistTexts {
  let note = 2 * checklist.tasks.length;
  return {
    name,
    remarks: checklist.remarks,
    tasks: checklist.tasks.map((task, i) => ({
      description: rest[2 * i] ?? task.description,
      details: rest[2 * i + 1] ?? task.details,
      redoNote: task.redoNote ? (rest[note++] ?? task.redoNote) : task.redoNote,
    })),
  };
}
