import { Plus, Share2 } from 'lucide-react';
import type { Ref } from 'react';
import { ASSIGNMENT_TEXTS } from '#domain/assignment-texts';
import { CHECKLIST_LIMITS, type Checklist } from '#domain/checklist';
import type { TeamPerson } from '#domain/teams';
import { AssigneePicker } from '../assignee/assignee-picker.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox, Input, Label } from '../ui/field.tsx';
import { DueField } from './due-field.tsx';
import { TaskList, type TaskListProps } from './task-list.tsx';
import type { useChecklistDraft } from './use-checklist-form.ts';

/** The parts of the checklist editor's form (checklist-editor.tsx), top to bottom. */

/** 'Create Checklist' or 'Edit Checklist', with the name of the one being edited. */
export function EditorHeading({
  id,
  headingRef,
  checklist,
}: {
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  checklist: Checklist | null;
}) {
  return (
    <>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-32 text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {checklist !== null ? 'Edit Checklist' : 'Create Checklist'}
      </h2>
      {checklist && (
        <p dir="auto" className="mt-0.5 truncate text-sm text-slate-600">
          {checklist.name}
        </p>
      )}
    </>
  );
}

export function ChecklistNameField({
  id,
  inputRef,
  value,
  onChange,
  disabled,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange(name: string): void;
  disabled: boolean;
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>Checklist Name</Label>
      <Input
        id={id}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        aria-required="true"
        maxLength={CHECKLIST_LIMITS.nameMax}
        placeholder="e.g. Turnover – Harbour View 4B, Weekly Site Inspection"
        disabled={disabled}
        className="mt-1.5"
      />
    </div>
  );
}

/**
 * Who works on the checklist: the team's members or nobody (components/assignee). Saved with the form:
 * after the checklist itself, through the offline queue.
 */
export function AssigneeField({
  value,
  onChange,
  disabled,
}: {
  value: TeamPerson | null;
  onChange(person: TeamPerson | null): void;
  disabled: boolean;
}) {
  return (
    <div className="min-w-0" data-testid="editor-assignee">
      {/* The button's own name says 'Assignee: …'; this is its visible label. */}
      <span aria-hidden="true" className="block text-sm font-medium text-slate-800">
        {ASSIGNMENT_TEXTS.assignee}
      </span>
      <div className="mt-1.5">
        <AssigneePicker value={value} onChange={onChange} look="field" disabled={disabled} />
      </div>
    </div>
  );
}

/**
 * The name and, beside it from a tablet up, who works on it (the name wide, the assignee narrow); under
 * them, when it is due.
 */
export function NameAndAssignee({
  nameId,
  nameRef,
  form,
  disabled,
}: {
  nameId: string;
  nameRef: Ref<HTMLInputElement>;
  form: Pick<ReturnType<typeof useChecklistDraft>, 'draft' | 'setDraft' | 'assignee' | 'setAssignee'>;
  disabled: boolean;
}) {
  return (
    <>
      <div className="mt-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <ChecklistNameField
          id={nameId}
          inputRef={nameRef}
          value={form.draft.name}
          onChange={(name) => form.setDraft((current) => ({ ...current, name }))}
          disabled={disabled}
        />
        <AssigneeField value={form.assignee} onChange={form.setAssignee} disabled={disabled} />
      </div>
      <DueField
        id={`${nameId}-due`}
        draft={form.draft}
        onChange={(due) => form.setDraft((current) => ({ ...current, ...due }))}
        disabled={disabled}
      />
      <label htmlFor={`${nameId}-signature`} className="mt-4 flex items-start gap-3 text-sm text-slate-800">
        <Checkbox
          id={`${nameId}-signature`}
          checked={form.draft.requireSignature}
          onChange={(event) => {
            const requireSignature = event.target.checked;
            form.setDraft((current) => ({ ...current, requireSignature }));
          }}
          disabled={disabled}
          data-testid="require-signature"
        />
        <span>
          <span className="font-medium">Require a signature at submit</span>
          <span className="block text-slate-500">
            Whoever submits signs with a finger or types their name; the report shows it.
          </span>
        </span>
      </label>
    </>
  );
}

/** 'Tasks' with its Add Task button, and the list (or the words for none yet). */
export function TasksSection({
  headingId,
  addTaskRef,
  onAdd,
  tasks,
  disabled,
  ...listProps
}: TaskListProps & {
  headingId: string;
  addTaskRef: Ref<HTMLButtonElement>;
  onAdd(): void;
}) {
  return (
    <section className="mt-6" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          Tasks
        </h3>
        <Button ref={addTaskRef} variant="secondary" size="sm" onClick={onAdd} disabled={disabled}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Task
        </Button>
      </div>
      <div className="mt-3">
        {tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            No tasks yet. Add some tasks to get started.
          </p>
        ) : (
          <TaskList tasks={tasks} disabled={disabled} {...listProps} />
        )}
      </div>
    </section>
  );
}

/** Share Link (once the checklist can be shared), Cancel and Save Changes. */
export function EditorActions({
  canShare,
  saving,
  onShare,
  onCancel,
}: {
  canShare: boolean;
  saving: boolean;
  onShare(): void;
  onCancel(): void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
      {canShare && (
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
  );
}
