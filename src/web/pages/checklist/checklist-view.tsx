import { type ReactNode, useMemo } from 'react';
import type { Checklist, Task } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { LazyConfirmDialog } from '../../components/ui/lazy-dialog.tsx';
import { type ChecklistChanges, useChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { ChecklistQuerySlot, PendingView } from '../../sync/index.ts';
import { ChecklistHeader } from './checklist-header.tsx';
import { TaskPhotoDialog, TaskPhotoViewer, TaskReferenceViewer } from './photo-dialogs.tsx';
import { RemarksField } from './remarks-field.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { SubmittedNote } from './submitted-note.tsx';
import { TaskList } from './task-list.tsx';
import { useChecklistSubmit } from './use-checklist-submit.ts';
import { usePhotoDialogs } from './use-photo-dialogs.ts';

export interface ChecklistViewProps {
  /** The server's copy (from the query cache); what is pending on this device is laid over it. */
  checklist: Checklist;
  slot: ChecklistQuerySlot;
  byline?: ReactNode;
  /** The texts as shown (a recipient's page lays the translations over them); ids and state unchanged. */
  displayTexts?: (checklist: Checklist) => Checklist;
  /** The remarks in the page's language, when they were translated (shown above the editable text). */
  remarksTranslation?: (remarks: string) => string | null;
  /** Under the remarks field (the owner's page: a recipient's remarks read in the owner's language). */
  afterRemarks?: ReactNode;
  /** Under the name: who made it and who works on it (the owner's page; a recipient sees no team). */
  people?: (changes: ChecklistChanges) => ReactNode;
  /** Under each task (the owner's page: its photo's evidence; a recipient sees none of it). */
  taskExtra?: (task: Task) => ReactNode;
}

/**
 * The loaded checklist: header, tasks, notes, the submit button and its dialogs. The owner's page and a
 * recipient's shared page both show it; `slot` says where the checklist is cached (and so where the
 * actions' answers go), `byline` what the header says under the name.
 */
export function ChecklistView({
  checklist: serverChecklist,
  slot,
  byline,
  displayTexts,
  remarksTranslation,
  afterRemarks,
  people,
  taskExtra,
}: ChecklistViewProps) {
  const t = useT();
  const changes = useChecklistChanges(slot, serverChecklist);
  const checklist = useMemo(
    () => (displayTexts ? displayTexts(changes.view.checklist) : changes.view.checklist),
    [displayTexts, changes.view.checklist],
  );
  const remarks = useRemarksAutosave(changes.saveRemarks, checklist.remarks, changes.view.remarksPending);
  const remarksInLanguage = remarksTranslation?.(remarks.value) ?? null;
  const dialogs = usePhotoDialogs(checklist.tasks, changes);
  const submit = useChecklistSubmit(checklist.tasks, changes, remarks);

  // Hidden once submitted: a checklist whose tasks are all ticked is exactly the one to submit.
  const submitted = checklist.submittedAt !== null;
  return (
    <>
      <ChecklistHeader
        checklist={checklist}
        byline={byline}
        notice={<PendingOwnerChange view={changes.view} />}
        people={people?.(changes)}
      />

      {submitted && <SubmittedNote pending={changes.view.submitPending} />}

      <TaskList
        tasks={checklist.tasks}
        view={changes.view}
        onToggle={dialogs.onToggle}
        onOpenPhoto={(opened, aspectRatio) => dialogs.setViewer({ taskId: opened.id, aspectRatio })}
        taskExtra={taskExtra}
        onOpenReference={(opened) => dialogs.setReferenceFor(opened.id)}
      />

      <RemarksField
        value={remarks.value}
        onChange={remarks.setValue}
        state={remarks.state}
        onRetry={remarks.retry}
        onBlur={remarks.flush}
        translation={remarksInLanguage}
      />
      {afterRemarks}

      {!submitted && <SubmitBar onSubmit={submit.requestSubmit} submitting={submit.submitting} />}

      <LazyConfirmDialog
        open={submit.confirmOpen}
        onOpenChange={submit.setConfirmOpen}
        title={t('checklist.incompleteTitle')}
        description={t('checklist.incompleteText')}
        confirmLabel={t('checklist.submitAnyway')}
        pending={submit.submitting}
        onConfirm={() => void submit.send()}
      />

      <TaskPhotoDialog dialogs={dialogs} changes={changes} />
      <TaskReferenceViewer dialogs={dialogs} />
      <TaskPhotoViewer dialogs={dialogs} changes={changes} />
    </>
  );
}

export const PENDING_EDIT_MESSAGES = {
  edit: 'Your changes to this checklist will be saved once it syncs.',
  delete: 'You deleted this checklist on this device; it will be deleted on the server once it syncs.',
} as const;

/** The owner's edit or deletion made offline, said under the name until it syncs. */
function PendingOwnerChange({ view }: { view: PendingView }) {
  if (!view.editPending && !view.deletePending) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-amber-900" data-testid="pending-edit">
      <PendingSyncBadge />
      <span>{view.deletePending ? PENDING_EDIT_MESSAGES.delete : PENDING_EDIT_MESSAGES.edit}</span>
    </p>
  );
}
