import { type FormEvent, useCallback, useState } from 'react';
import { type Checklist, validateChecklistDraft } from '#domain/checklist';
import type { TeamPerson } from '#domain/teams';
import { useToast } from '../../hooks/use-toast.ts';
import type { ChecklistBody } from '../../sync/index.ts';
import {
  type ChecklistDraft,
  type DraftTask,
  draftFromBody,
  draftFromChecklist,
  draftToBody,
  emptyTask,
} from './draft.ts';
import type { EditorFocus } from './use-editor-focus.ts';

/**
 * The checklist editor's form (checklist-editor.tsx): the draft of its name and tasks, who it is assigned
 * to, and its save.
 */

/** What the parent's save handler reports back, so the form can say how it went. */
export type SaveOutcome =
  | { status: 'saved' }
  /** Kept on this device (offline, or the server cannot be reached): it is sent when it can be. */
  | { status: 'queued' }
  | { status: 'failed'; message?: string }
  /** The parent has told the user already (the plan limit: toast, then /pricing). */
  | { status: 'handled' }
  /** The checklist changed elsewhere; the parent now passes the current one in. */
  | { status: 'conflict' };

/**
 * The parent's save: the name and tasks, the version they started from, and `assignee` when who works on
 * it changed (undefined: it did not; null: nobody now).
 */
export type ChecklistEditorSave = (
  body: ChecklistBody,
  version: number | null,
  assignee?: TeamPerson | null,
) => Promise<SaveOutcome>;

const SAVE_MESSAGES = {
  created: 'Checklist created successfully',
  updated: 'Checklist updated successfully',
  createFailed: 'Failed to create checklist. Please try again.',
  updateFailed: 'Failed to update checklist. Please try again.',
  queuedTitle: 'Saved on this device',
  queued: "It will be saved on the server when you're back online.",
} as const;

/** The name and tasks being edited, with the task changes and where focus goes after them. */
export function useChecklistDraft(
  checklist: Checklist | null,
  initialDraft: ChecklistBody | undefined,
  { taskInputs, focusTaskId }: Pick<EditorFocus, 'taskInputs' | 'focusTaskId'>,
) {
  const [base, setBase] = useState(checklist);
  const [draft, setDraft] = useState<ChecklistDraft>(() =>
    initialDraft ? draftFromBody(initialDraft) : draftFromChecklist(checklist),
  );
  const [assignee, setAssignee] = useState<TeamPerson | null>(checklist?.assignee ?? null);

  // A different checklist given to the form: name and tasks reset to it (spec section 4), and so does
  // who it is assigned to.
  if (checklist !== base) {
    setBase(checklist);
    setDraft(draftFromChecklist(checklist));
    setAssignee(checklist?.assignee ?? null);
  }

  const changeTask = useCallback((id: string, change: Partial<Omit<DraftTask, 'id'>>) => {
    setDraft((current) => ({
      ...current,
      tasks: current.tasks.map((task) => (task.id === id ? { ...task, ...change } : task)),
    }));
  }, []);

  const deleteTask = useCallback(
    (id: string) => {
      setDraft((current) => {
        const index = current.tasks.findIndex((task) => task.id === id);
        const tasks = current.tasks.filter((task) => task.id !== id);
        focusTaskId.current = (tasks[index] ?? tasks[index - 1])?.id ?? '';
        return { ...current, tasks };
      });
    },
    [focusTaskId],
  );

  function addTask() {
    const task = emptyTask();
    focusTaskId.current = task.id;
    setDraft((current) => ({ ...current, tasks: [...current.tasks, task] }));
  }

  // Enter in a task's description: on to the next task; from the last one, a new task is appended
  // (spec section 4: a new task goes at the end), unless the last one is still blank.
  function enterFromTask(id: string) {
    const index = draft.tasks.findIndex((task) => task.id === id);
    const next = draft.tasks[index + 1];
    if (next) {
      const input = taskInputs.current.get(next.id);
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
      input?.scrollIntoView({ block: 'nearest' });
    } else if (draft.tasks[index]?.description.trim()) addTask();
  }

  return { draft, setDraft, assignee, setAssignee, changeTask, deleteTask, addTask, enterFromTask };
}

interface SaveInput {
  checklist: Checklist | null;
  draft: ChecklistDraft;
  /** Who the form says works on it. */
  assignee: TeamPerson | null;
  /** The person's own edit, refused because the checklist changed meanwhile: offered to reapply. */
  initialStash: ChecklistBody | undefined;
  onSave: ChecklistEditorSave;
  /** The draft is not valid: focus goes to what the message is about. */
  onInvalid(message: string): void;
}

/** Saving the draft: checked first, then handed to the parent, and how it went said in a toast. */
export function useChecklistSave({ checklist, draft, assignee, initialStash, onSave, onInvalid }: SaveInput) {
  const { toast } = useToast();
  const editing = checklist !== null;
  /** The user's own edit, kept aside when a save met a newer version: it can be put back on purpose. */
  const [stashed, setStashed] = useState<ChecklistDraft | null>(() =>
    initialStash ? draftFromBody(initialStash) : null,
  );
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = validateChecklistDraft(draft);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      onInvalid(problem);
      return;
    }
    setSaving(true);
    const before = draft;
    try {
      // Only a change is sent: saving the name alone must not assign anyone again (nor tell them).
      const chosen = assignee?.uid === (checklist?.assignee?.uid ?? undefined) ? undefined : assignee;
      const outcome = await onSave(draftToBody(draft, checklist), checklist?.version ?? null, chosen);
      if (outcome.status === 'saved') {
        setStashed(null);
        toast({ title: 'Success', description: editing ? SAVE_MESSAGES.updated : SAVE_MESSAGES.created });
      } else if (outcome.status === 'queued') {
        setStashed(null);
        toast({ title: SAVE_MESSAGES.queuedTitle, description: SAVE_MESSAGES.queued });
      } else if (outcome.status === 'failed') {
        const fallback = editing ? SAVE_MESSAGES.updateFailed : SAVE_MESSAGES.createFailed;
        toast({ title: 'Error', description: outcome.message ?? fallback, variant: 'destructive' });
      } else if (outcome.status === 'conflict') {
        setStashed(before);
      }
    } finally {
      setSaving(false);
    }
  }

  return { stashed, setStashed, saving, submit };
}
