import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type Checklist, type Task, tasksMissingPhotos } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { LazyConfirmDialog, preloadDialogs } from '../../components/ui/lazy-dialog.tsx';
import { useChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { whenIdle } from '../../lib/lazy-chunk.tsx';
import type { ChecklistQuerySlot, PendingView } from '../../sync/index.ts';
import { ChecklistHeader } from './checklist-header.tsx';
import { LazyPhotoDialog, LazyPhotoViewer, LazyReferenceViewer, preloadPhotoChunks } from './lazy-photo.tsx';
import { RemarksField } from './remarks-field.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { TaskItem } from './task-item.tsx';

/**
 * Where focus goes when a photo's dialog closes and what opened it is gone: the thumbnail (or, for the
 * reference viewer, the reference chip), else the box.
 */
function taskFocusTarget(taskId: string, opener = 'photo-thumbnail'): HTMLElement | null {
  const item = [...document.querySelectorAll<HTMLElement>('[data-task-id]')].find(
    (element) => element.dataset.taskId === taskId,
  );
  return item?.querySelector<HTMLElement>(`[data-testid="${opener}"], input[type="checkbox"]`) ?? null;
}

function missingPhotosText(t: Translate, language: string, tasks: readonly Task[]): string {
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    tasks.map((task) => `“${task.description}”`),
  );
  return t('checklist.missingPhotosText', { count: tasks.length, names });
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
}: {
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
}) {
  const { toast } = useToast();
  const t = useT();
  const language = useUiLanguage();
  // The photo dialog: to tick a task that needs one, or to replace one (from the viewer).
  const [photoFor, setPhotoFor] = useState<{ taskId: string; purpose: 'required' | 'replace' } | null>(null);
  const [viewer, setViewer] = useState<{ taskId: string; aspectRatio: number | null } | null>(null);
  const [referenceFor, setReferenceFor] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const changes = useChecklistChanges(slot, serverChecklist);
  const { pendingTaskIds, pendingPhotos } = changes.view;
  const checklist = useMemo(
    () => (displayTexts ? displayTexts(changes.view.checklist) : changes.view.checklist),
    [displayTexts, changes.view.checklist],
  );
  const remarks = useRemarksAutosave(changes.saveRemarks, checklist.remarks, changes.view.remarksPending);
  const remarksInLanguage = remarksTranslation?.(remarks.value) ?? null;
  const [submitting, setSubmitting] = useState(false);
  const missingPhotos = (tasks: readonly Task[]) =>
    tasksMissingPhotos(tasks).filter((task) => !pendingPhotos.has(task.id));
  const photoTask = checklist.tasks.find((task) => task.id === photoFor?.taskId) ?? null;
  const viewerTask = checklist.tasks.find((task) => task.id === viewer?.taskId && task.photoUrl) ?? null;
  const referenceTask =
    checklist.tasks.find((task) => task.id === referenceFor && task.referencePhotoUrl) ?? null;

  // The dialog's and viewer's code is fetched ahead once a task has or needs a photo, when the browser
  // is first idle: not in the way of the page's first screen (a phone's Total Blocking Time).
  const photosInUse = checklist.tasks.some(
    (task) => task.photoRequired || task.photoUrl || task.referencePhotoUrl,
  );
  useEffect(() => (photosInUse ? whenIdle(preloadPhotoChunks) : undefined), [photosInUse]);
  // The confirmation of an incomplete submit is fetched once the page is idle.
  useEffect(() => whenIdle(() => void preloadDialogs()), []);

  function onToggle(task: Task) {
    // Ticking a task that needs a photo and has none asks for the photo first; unticking never does.
    if (!task.completed && task.photoRequired && !task.photoUrl && !pendingPhotos.has(task.id)) {
      setPhotoFor({ taskId: task.id, purpose: 'required' });
      return;
    }
    void changes.toggle(task.id, !task.completed);
  }

  function onChunkFailed(error: unknown) {
    console.warn('Loading the photo dialog failed', error);
    setPhotoFor(null);
    setViewer(null);
    setReferenceFor(null);
    toast({ title: t('common.error'), description: t('checklist.partUnavailable'), variant: 'destructive' });
  }

  function showMissingPhotos(tasks: readonly Task[]) {
    toast({
      title: t('checklist.missingPhotos'),
      description: missingPhotosText(t, language, tasks),
      variant: 'destructive',
    });
  }

  function requestSubmit() {
    const missing = missingPhotos(checklist.tasks);
    if (missing.length > 0) {
      showMissingPhotos(missing);
      return;
    }
    if (checklist.tasks.some((task) => !task.completed)) {
      setConfirmOpen(true);
      return;
    }
    void send();
  }

  async function send() {
    const text = remarks.value;
    setSubmitting(true);
    try {
      const outcome = await changes.submit(text);
      remarks.markSaved(text);
      if (outcome === 'applied')
        toast({ title: t('common.success'), description: t('checklist.submitDone') });
      else toast({ title: t('common.savedOnDevice'), description: t('checklist.submitQueued') });
    } catch (error) {
      if (isApiError(error) && error.code === 'missing_photos') {
        const ids = (error.body as { error?: { taskIds?: unknown } }).error?.taskIds;
        const tasks = Array.isArray(ids) ? checklist.tasks.filter((task) => ids.includes(task.id)) : [];
        showMissingPhotos(tasks.length > 0 ? tasks : missingPhotos(checklist.tasks));
      } else {
        console.warn('Submitting the checklist failed', error);
        toast({ title: t('common.error'), description: t('checklist.submitFailed'), variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
      setConfirmOpen(false);
    }
  }

  // Hidden once submitted: a checklist whose tasks are all ticked is exactly the one to submit.
  const submitted = checklist.submittedAt !== null;
  return (
    <>
      <ChecklistHeader
        checklist={checklist}
        byline={byline}
        notice={<PendingOwnerChange view={changes.view} />}
      />

      {submitted && (
        <p
          className="mt-4 flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          data-testid="submitted-note"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
          {changes.view.submitPending ? (
            <>
              <span className="flex-1">{t('checklist.submitPending')}</span>
              <PendingSyncBadge />
            </>
          ) : (
            t('checklist.submitted')
          )}
        </p>
      )}

      <section className="mt-6" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="sr-only">
          {t('checklist.tasks')}
        </h2>
        {checklist.tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
            {t('checklist.noTasks')}
          </p>
        ) : (
          <ul aria-labelledby="tasks-heading" className="space-y-2">
            {checklist.tasks.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                pending={pendingTaskIds.has(task.id) || changes.view.draftTaskIds.has(task.id)}
                draft={changes.view.draftTaskIds.has(task.id)}
                pendingPhotoKey={pendingPhotos.get(task.id)}
                onToggle={onToggle}
                onOpenPhoto={(opened, aspectRatio) => setViewer({ taskId: opened.id, aspectRatio })}
                onOpenReference={(opened) => setReferenceFor(opened.id)}
              />
            ))}
          </ul>
        )}
      </section>

      <RemarksField
        value={remarks.value}
        onChange={remarks.setValue}
        state={remarks.state}
        onRetry={remarks.retry}
        onBlur={remarks.flush}
        translation={remarksInLanguage}
      />
      {afterRemarks}

      {!submitted && <SubmitBar onSubmit={requestSubmit} submitting={submitting} />}

      <LazyConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('checklist.incompleteTitle')}
        description={t('checklist.incompleteText')}
        confirmLabel={t('checklist.submitAnyway')}
        pending={submitting}
        onConfirm={() => void send()}
      />

      {photoTask && photoFor && (
        <LazyPhotoDialog
          key={`${photoTask.id}:${photoFor.purpose}`}
          open
          onOpenChange={(open) => !open && setPhotoFor(null)}
          onLoadFailed={onChunkFailed}
          taskDescription={photoTask.description}
          purpose={photoFor.purpose}
          referencePhotoUrl={photoTask.referencePhotoUrl}
          returnFocusTo={() => taskFocusTarget(photoTask.id)}
          // Saving the photo ticks the task (spec section 4): the server does it with the upload.
          upload={(file, options) => changes.uploadPhoto(photoTask.id, file, options)}
        />
      )}

      {referenceTask?.referencePhotoUrl && (
        <LazyReferenceViewer
          key={referenceTask.referencePhotoUrl}
          open
          onOpenChange={(open) => !open && setReferenceFor(null)}
          onLoadFailed={onChunkFailed}
          taskDescription={referenceTask.description}
          referencePhotoUrl={referenceTask.referencePhotoUrl}
          returnFocusTo={() => taskFocusTarget(referenceTask.id, 'reference-photo')}
        />
      )}

      {viewerTask && (
        <LazyPhotoViewer
          key={viewerTask.photoUrl}
          open
          onOpenChange={(open) => !open && setViewer(null)}
          onLoadFailed={onChunkFailed}
          task={viewerTask}
          aspectRatio={viewer?.aspectRatio ?? null}
          returnFocusTo={() => taskFocusTarget(viewerTask.id)}
          onReplace={() => {
            setViewer(null);
            setPhotoFor({ taskId: viewerTask.id, purpose: 'replace' });
          }}
          remove={() => changes.removePhoto(viewerTask.id)}
        />
      )}
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
