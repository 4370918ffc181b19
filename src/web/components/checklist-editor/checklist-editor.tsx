import { Plus, Share2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  type Checklist,
  validateChecklistDraft,
} from '#domain/checklist';
import { useToast } from '../../hooks/use-toast.ts';
import type { ChecklistBody } from '../../sync/index.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Input, Label } from '../ui/field.tsx';
import {
  type ChecklistDraft,
  type DraftTask,
  draftFromBody,
  draftFromChecklist,
  draftToBody,
  emptyTask,
} from './draft.ts';
import { TaskList } from './task-list.tsx';
import { useReferencePhotos } from './use-reference-photos.tsx';
import { VersionConflictNotice } from './version-conflict-notice.tsx';

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

export interface ChecklistEditorProps {
  /** The checklist being edited, or null to create one. When it changes, the form resets to it. */
  checklist: Checklist | null;
  /** A new checklist's form starts from this draft (one kept after the server refused it). */
  initialDraft?: ChecklistBody | undefined;
  /** The person's own edit, refused because the checklist changed meanwhile: offered to reapply. */
  initialStash?: ChecklistBody | undefined;
  /** Whether the checklist can be shared yet (one made offline cannot until it is saved). */
  shareable?: boolean;
  onSave(body: ChecklistBody, version: number | null): Promise<SaveOutcome>;
  onCancel(): void;
  onShare(): void;
  /** The person chose the latest version over their own kept edit. */
  onStashDismissed?(): void;
}

const SAVE_MESSAGES = {
  created: 'Checklist created successfully',
  updated: 'Checklist updated successfully',
  createFailed: 'Failed to create checklist. Please try again.',
  updateFailed: 'Failed to update checklist. Please try again.',
  queuedTitle: 'Saved on this device',
  queued: "It will be saved on the server when you're back online.",
} as const;

/** The inline checklist editor of the dashboard (spec sections 2, 4 and 5). */
export function ChecklistEditor({
  checklist,
  initialDraft,
  initialStash,
  shareable = true,
  onSave,
  onCancel,
  onShare,
  onStashDismissed,
}: ChecklistEditorProps) {
  const { toast } = useToast();
  const ids = useId();
  const editing = checklist !== null;
  const [base, setBase] = useState(checklist);
  const [draft, setDraft] = useState<ChecklistDraft>(() =>
    initialDraft ? draftFromBody(initialDraft) : draftFromChecklist(checklist),
  );
  /** The user's own edit, kept aside when a save met a newer version: it can be put back on purpose. */
  const [stashed, setStashed] = useState<ChecklistDraft | null>(() =>
    initialStash ? draftFromBody(initialStash) : null,
  );
  const [saving, setSaving] = useState(false);

  // A different checklist given to the form: name and tasks reset to it (spec section 4).
  if (checklist !== base) {
    setBase(checklist);
    setDraft(draftFromChecklist(checklist));
  }

  const nameRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addTaskRef = useRef<HTMLButtonElement>(null);
  const taskInputs = useRef(new Map<string, HTMLTextAreaElement>());
  const focusTaskId = useRef<string | null>(null);

  const registerTaskInput = useCallback((id: string, element: HTMLTextAreaElement | null) => {
    if (element) taskInputs.current.set(id, element);
    else taskInputs.current.delete(id);
  }, []);

  // Opening the form: it comes into view (below the sticky header), and a new checklist starts in
  // its name, an existing one at its heading.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start' });
    if (editing) headingRef.current?.focus({ preventScroll: true });
    else nameRef.current?.focus({ preventScroll: true });
  }, [editing]);

  // After a task is added or removed, focus goes where the user expects it.
  useEffect(() => {
    if (!focusTaskId.current) return;
    const input = taskInputs.current.get(focusTaskId.current);
    focusTaskId.current = null;
    if (input) {
      input.focus();
      input.scrollIntoView({ block: 'nearest' });
    } else addTaskRef.current?.focus();
  });

  const changeTask = useCallback((id: string, change: Partial<Omit<DraftTask, 'id'>>) => {
    setDraft((current) => ({
      ...current,
      tasks: current.tasks.map((task) => (task.id === id ? { ...task, ...change } : task)),
    }));
  }, []);

  // Reference photos are saved at once, apart from the form: the answer goes into the draft as well.
  const reference = useReferencePhotos(checklist, (task) =>
    changeTask(task.id, { referencePhotoUrl: task.referencePhotoUrl }),
  );

  const deleteTask = useCallback((id: string) => {
    setDraft((current) => {
      const index = current.tasks.findIndex((task) => task.id === id);
      const tasks = current.tasks.filter((task) => task.id !== id);
      focusTaskId.current = (tasks[index] ?? tasks[index - 1])?.id ?? '';
      return { ...current, tasks };
    });
  }, []);

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

  function focusFirstProblem(message: string) {
    if (message === CHECKLIST_MESSAGES.nameRequired || message === CHECKLIST_MESSAGES.nameTooLong) {
      nameRef.current?.focus();
    } else if (message === CHECKLIST_MESSAGES.taskRequired) {
      addTaskRef.current?.focus();
    } else if (message === CHECKLIST_MESSAGES.descriptionsRequired) {
      const blank = draft.tasks.find((task) => !task.description.trim());
      if (blank) taskInputs.current.get(blank.id)?.focus();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = validateChecklistDraft(draft);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      focusFirstProblem(problem);
      return;
    }
    setSaving(true);
    const before = draft;
    try {
      const outcome = await onSave(draftToBody(draft), checklist?.version ?? null);
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

  const titleId = `${ids}-title`;
  const nameId = `${ids}-name`;
  const tasksHeadingId = `${ids}-tasks`;

  return (
    <Card className="p-4 sm:p-6" data-testid="checklist-editor">
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-32 text-xl font-semibold text-slate-900 focus:outline-none"
        >
          {editing ? 'Edit Checklist' : 'Create Checklist'}
        </h2>
        {checklist && (
          <p dir="auto" className="mt-0.5 truncate text-sm text-slate-600">
            {checklist.name}
          </p>
        )}

        {stashed && (
          <VersionConflictNotice
            onReapply={() => {
              setDraft(stashed);
              setStashed(null);
            }}
            onDismiss={() => {
              setStashed(null);
              onStashDismissed?.();
            }}
          />
        )}

        <div className="mt-5">
          <Label htmlFor={nameId}>Checklist Name</Label>
          <Input
            id={nameId}
            ref={nameRef}
            value={draft.name}
            onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
            required
            aria-required="true"
            maxLength={CHECKLIST_LIMITS.nameMax}
            placeholder="e.g. Turnover – Harbour View 4B, Weekly Site Inspection"
            disabled={saving}
            className="mt-1.5"
          />
        </div>

        <section className="mt-6" aria-labelledby={tasksHeadingId}>
          <div className="flex items-center justify-between gap-3">
            <h3 id={tasksHeadingId} className="text-sm font-medium text-slate-800">
              Tasks
            </h3>
            <Button ref={addTaskRef} variant="secondary" size="sm" onClick={addTask} disabled={saving}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Task
            </Button>
          </div>
          <div className="mt-3">
            {draft.tasks.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                No tasks yet. Add some tasks to get started.
              </p>
            ) : (
              <TaskList
                tasks={draft.tasks}
                disabled={saving}
                onReorder={(tasks) => setDraft((current) => ({ ...current, tasks }))}
                onChange={changeTask}
                onDelete={deleteTask}
                onEnterKey={enterFromTask}
                inputRef={registerTaskInput}
                reference={reference}
              />
            )}
          </div>
        </section>

        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
          {editing && shareable && (
            <Button variant="secondary" onClick={onShare} className="sm:mr-auto">
              <Share2 className="h-4 w-4" aria-hidden="true" />
              Share Link
            </Button>
          )}
          <Button variant="secondary" onClick={onCancel} disabled={saving} className="sm:ml-auto">
            Cancel
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      {reference.dialogs}
    </Card>
  );
}
