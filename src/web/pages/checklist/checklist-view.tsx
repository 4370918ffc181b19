import { BadgeCheck, Undo2 } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import type { Checklist, Task } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { LazyConfirmDialog } from '../../components/ui/lazy-dialog.tsx';
import { type ChecklistChanges, useChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { ChecklistQuerySlot, PendingView } from '../../sync/index.ts';
import { ChecklistHeader } from './checklist-header.tsx';
import { LazySignatureDialog } from './lazy-signature.tsx';
import { TaskPhotoDialog, TaskPhotoViewer, TaskReferenceViewer } from './photo-dialogs.tsx';
import { RemarksField } from './remarks-field.tsx';
import { SignatureCard } from './signature-card.tsx';
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
  /** The team's review of a submitted checklist (the owner's page); a recipient sees the approval said. */
  review?: (checklist: Checklist) => ReactNode;
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
  review,
  taskExtra,
}: ChecklistViewProps) {
  const changes = useChecklistChanges(slot, serverChecklist);
  const checklist = useMemo(
    () => (displayTexts ? displayTexts(changes.view.checklist) : changes.view.checklist),
    [displayTexts, changes.view.checklist],
  );
  const remarks = useRemarksAutosave(changes.saveRemarks, checklist.remarks, changes.view.remarksPending);
  const remarksInLanguage = remarksTranslation?.(remarks.value) ?? null;
  const dialogs = usePhotoDialogs(checklist.tasks, changes);
  const submit = useChecklistSubmit(checklist.tasks, changes, remarks, checklist.requireSignature);

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
      {review ? review(checklist) : <ReviewNotes checklist={checklist} />}
      {checklist.signature && <SignatureCard checklistId={checklist.id} signature={checklist.signature} />}

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

      <SubmitDialogs submit={submit} />

      <TaskPhotoDialog dialogs={dialogs} changes={changes} />
      <TaskReferenceViewer dialogs={dialogs} />
      <TaskPhotoViewer dialogs={dialogs} changes={changes} />
    </>
  );
}

/** Before a submit: the confirmation when tasks are left, and the signature when one is required. */
function SubmitDialogs({ submit }: { submit: ReturnType<typeof useChecklistSubmit> }) {
  const t = useT();
  return (
    <>
      <LazyConfirmDialog
        open={submit.confirmOpen}
        onOpenChange={submit.setConfirmOpen}
        title={t('checklist.incompleteTitle')}
        description={t('checklist.incompleteText')}
        confirmLabel={t('checklist.submitAnyway')}
        pending={submit.submitting}
        onConfirm={submit.proceed}
      />
      <LazySignatureDialog
        open={submit.signOpen}
        onOpenChange={submit.setSignOpen}
        pending={submit.submitting}
        onSign={(signature) => void submit.send(signature)}
        onLoadFailed={(error) => {
          console.warn('The signature dialog could not be loaded', error);
          submit.setSignOpen(false);
        }}
      />
    </>
  );
}

/** What the team's review says to whoever works on the checklist: tasks sent back, or approved. */
function ReviewNotes({ checklist }: { checklist: Checklist }) {
  const t = useT();
  if (checklist.submittedAt === null && checklist.tasks.some((task) => task.redoNote !== null)) {
    return (
      <p
        role="status"
        className="mt-4 flex items-start gap-2 rounded-xl border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-950"
        data-testid="redo-banner"
      >
        <Undo2 className="mt-0.5 h-5 w-5 shrink-0 text-orange-700" aria-hidden="true" />
        {t('checklist.sentBack')}
      </p>
    );
  }
  if (checklist.approvedAt === null) return null;
  return (
    <p
      className="mt-3 flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      data-testid="approved-note"
    >
      <BadgeCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
      {t('checklist.approved')}
    </p>
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
