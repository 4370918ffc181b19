import { useEffect, useState } from 'react';
import type { Task } from '#domain/checklist';
import type { ChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { useT } from '../../i18n/i18n.tsx';
import { whenIdle } from '../../lib/lazy-chunk.tsx';
import { preloadPhotoChunks } from './lazy-photo.tsx';

/**
 * Which of the checklist's photo dialogs is open, and for which task: the photo dialog (to tick a task
 * that needs a photo, or to replace one), the proof's viewer, the reference's viewer.
 */
export function usePhotoDialogs(tasks: readonly Task[], changes: ChecklistChanges) {
  const { toast } = useToast();
  const t = useT();
  // The photo dialog: to tick a task that needs one, or to replace one (from the viewer).
  const [photoFor, setPhotoFor] = useState<{ taskId: string; purpose: 'required' | 'replace' } | null>(null);
  const [viewer, setViewer] = useState<{ taskId: string; aspectRatio: number | null } | null>(null);
  const [referenceFor, setReferenceFor] = useState<string | null>(null);
  const { pendingPhotos } = changes.view;
  const photoTask = tasks.find((task) => task.id === photoFor?.taskId) ?? null;
  const viewerTask = tasks.find((task) => task.id === viewer?.taskId && task.photoUrl) ?? null;
  const referenceTask = tasks.find((task) => task.id === referenceFor && task.referencePhotoUrl) ?? null;

  // The dialog's and viewer's code is fetched ahead once a task has or needs a photo, when the browser
  // is first idle: not in the way of the page's first screen (a phone's Total Blocking Time).
  const photosInUse = tasks.some((task) => task.photoRequired || task.photoUrl || task.referencePhotoUrl);
  useEffect(() => (photosInUse ? whenIdle(preloadPhotoChunks) : undefined), [photosInUse]);

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

  return {
    photoFor,
    setPhotoFor,
    viewer,
    setViewer,
    setReferenceFor,
    photoTask,
    viewerTask,
    referenceTask,
    onToggle,
    onChunkFailed,
  };
}

export type PhotoDialogs = ReturnType<typeof usePhotoDialogs>;
