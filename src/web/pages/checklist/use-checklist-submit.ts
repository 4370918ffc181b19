import { useEffect, useState } from 'react';
import { type Task, tasksMissingPhotos } from '#domain/checklist';
import { preloadDialogs } from '../../components/ui/lazy-dialog.tsx';
import type { ChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import type { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { whenIdle } from '../../lib/lazy-chunk.tsx';

function missingPhotosText(t: Translate, language: string, tasks: readonly Task[]): string {
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    tasks.map((task) => `“${task.description}”`),
  );
  return t('checklist.missingPhotosText', { count: tasks.length, names });
}

/**
 * Submitting the checklist: refused at once while a task lacks its photo, confirmed first while a task
 * is unticked, then sent with the remarks as they stand.
 */
export function useChecklistSubmit(
  tasks: readonly Task[],
  changes: ChecklistChanges,
  remarks: Pick<ReturnType<typeof useRemarksAutosave>, 'value' | 'markSaved'>,
) {
  const { toast } = useToast();
  const t = useT();
  const language = useUiLanguage();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { pendingPhotos } = changes.view;
  const missingPhotos = (among: readonly Task[]) =>
    tasksMissingPhotos(among).filter((task) => !pendingPhotos.has(task.id));

  // The confirmation of an incomplete submit is fetched once the page is idle.
  useEffect(() => whenIdle(() => void preloadDialogs()), []);

  function showMissingPhotos(missing: readonly Task[]) {
    toast({
      title: t('checklist.missingPhotos'),
      description: missingPhotosText(t, language, missing),
      variant: 'destructive',
    });
  }

  function requestSubmit() {
    const missing = missingPhotos(tasks);
    if (missing.length > 0) {
      showMissingPhotos(missing);
      return;
    }
    if (tasks.some((task) => !task.completed)) {
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
        const named = Array.isArray(ids) ? tasks.filter((task) => ids.includes(task.id)) : [];
        showMissingPhotos(named.length > 0 ? named : missingPhotos(tasks));
      } else {
        console.warn('Submitting the checklist failed', error);
        toast({ title: t('common.error'), description: t('checklist.submitFailed'), variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
      setConfirmOpen(false);
    }
  }

  return { confirmOpen, setConfirmOpen, submitting, requestSubmit, send };
}
