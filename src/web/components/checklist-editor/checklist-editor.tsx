import { useId } from 'react';
import type { Checklist } from '#domain/checklist';
import type { ChecklistBody } from '../../sync/index.ts';
import { Card } from '../ui/card.tsx';
import { EditorActions, EditorHeading, NameAndAssignee, TasksSection } from './checklist-editor-sections.tsx';
import { type ChecklistEditorSave, useChecklistDraft, useChecklistSave } from './use-checklist-form.ts';
import { useEditorFocus } from './use-editor-focus.ts';
import { useReferencePhotos } from './use-reference-photos.tsx';
import { VersionConflictNotice } from './version-conflict-notice.tsx';

export type { ChecklistEditorSave, SaveOutcome } from './use-checklist-form.ts';

export interface ChecklistEditorProps {
  /** The checklist being edited, or null to create one. When it changes, the form resets to it. */
  checklist: Checklist | null;
  /** A new checklist's form starts from this draft (one kept after the server refused it). */
  initialDraft?: ChecklistBody | undefined;
  /** The person's own edit, refused because the checklist changed meanwhile: offered to reapply. */
  initialStash?: ChecklistBody | undefined;
  /** Whether the checklist can be shared yet (one made offline cannot until it is saved). */
  shareable?: boolean;
  onSave: ChecklistEditorSave;
  onCancel(): void;
  onShare(): void;
  /** The person chose the latest version over their own kept edit. */
  onStashDismissed?(): void;
}

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
  const ids = useId();
  const editing = checklist !== null;
  const focus = useEditorFocus(editing);
  const form = useChecklistDraft(checklist, initialDraft, focus);
  const { draft, setDraft } = form;
  // Reference photos are saved at once, apart from the form: the answer goes into the draft as well.
  const reference = useReferencePhotos(checklist, (task) =>
    form.changeTask(task.id, { referencePhotoUrl: task.referencePhotoUrl }),
  );
  const { stashed, setStashed, saving, submit } = useChecklistSave({
    checklist,
    draft,
    assignee: form.assignee,
    initialStash,
    onSave,
    onInvalid: (message) => focus.focusFirstProblem(message, draft.tasks),
  });
  const titleId = `${ids}-title`;

  return (
    <Card className="p-4 sm:p-6" data-testid="checklist-editor">
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <EditorHeading id={titleId} headingRef={focus.headingRef} checklist={checklist} />

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

        <NameAndAssignee nameId={`${ids}-name`} nameRef={focus.nameRef} form={form} disabled={saving} />

        <TasksSection
          headingId={`${ids}-tasks`}
          addTaskRef={focus.addTaskRef}
          onAdd={form.addTask}
          tasks={draft.tasks}
          disabled={saving}
          onReorder={(tasks) => setDraft((current) => ({ ...current, tasks }))}
          onChange={form.changeTask}
          onDelete={form.deleteTask}
          onEnterKey={form.enterFromTask}
          inputRef={focus.registerTaskInput}
          reference={reference}
        />

        <EditorActions
          canShare={editing && shareable}
          saving={saving}
          onShare={onShare}
          onCancel={onCancel}
        />
      </form>
      {reference.dialogs}
    </Card>
  );
}
