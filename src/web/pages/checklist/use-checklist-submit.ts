import { useEffect, useState } from 'react';
import { type Task, tasksMissingPhotos } from '#domain/checklist';
import type { SignatureSubmission } from '#domain/signature';
import { preloadDialogs } from '../../components/ui/lazy-dialog.tsx';
import type { ChecklistChanges } from '../../hooks/use-checklist-changes.ts';
import type { useRemarksAutosave } from '../../hooks/use-remarks-autosave.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { whenIdle } from '../../lib/lazy-chunk.tsx';
import { preloadSignatureDialog } from './lazy-signature.tsx';

function missingPhotosText(t: Translate, language: string, tasks: readonly Task[]): string {
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    tasks.map((task) => `“${task.description}”`),
  );
  return t('checklist.missingPhotosText', { count: tasks.length, names });
}

/** The confirmation of an incomplete submit (and the signature dialog, if needed), fetched when idle. */
function usePreloadedSubmitDialogs(requireSignature: boolean) {
  useEffect(
    () =>
      whenIdle(() => {
        void preloadDialogs();
        if (requireSignature) void preloadSignatureDialog();
      }),
    [requireSignature],
  );
}

/**
 * Submitting the checklist: refused at once while a task lacks its photo, confirmed first while a task
 * is unticked, signed when the checklist requires it (the signature dialog), then sent with the
 * remarks as they stand (and the signature).
 */
export function useChecklistSubmit(
  tasks: readonly Task[],
  changes: ChecklistChanges,
  remarks: Pick<ReturnType<typeof useRemarksAutosave>, 'value' | 'markSaved'>,
  requireSignature = false,
) {
  const { toast } = useToast();
  const t = useT();
  const language = useUiLanguage();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [signOpen, setSignOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { pendingPhotos } = changes.view;
  const missingPhotos = (among: readonly Task[]) =>
    tasksMissingPhotos(among).filter((task) => !pendingPhotos.has(task.id));

  usePreloadedSubmitDialogs(requireSignature);

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
    proceed();
  }

  /** Past the checks (and the confirmation): signed first when it must be, else sent. */
  function proceed() {
    setConfirmOpen(false);
    if (requireSignature) setSignOpen(true);
    else void send();
  }

  async function send(signature?: SignatureSubmission) {
    const text = remarks.value;
    setSubmitting(true);
    try {
      const outcome = await changes.submit(text, signature);
      remarks.markSaved(text);
      setSignOpen(false);
      if (outcome === 'applied')
        toast({ title: t('common.success'), description: t('checklist.submitDone') });
      else toast({ title: t('common.savedOnDevice'), description: t('checklist.submitQueued') });
    } catch (error) {
      if (isApiError(error) && error.code === 'missing_photos') {
        const ids = (error.body as { error?: { taskIds?: unknown } }).error?.taskIds;
        const named = Array.isArray(ids) ? tasks.filter((task) => ids.includes(task.id)) : [];
        showMissingPhotos(named.length > 0 ? named : missingPhotos(tasks));
      } else if (isApiError(error) && error.code === 'signature_required') {
        toast({ title: t('signature.title'), description: t('signature.required'), variant: 'destructive' });
        setSignOpen(true);
      } else {
        console.warn('Submitting the checklist failed', error);
        toast({ title: t('common.error'), description: t('checklist.submitFailed'), variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
      setConfirmOpen(false);
    }
  }

  return { confirmOpen, setConfirmOpen, signOpen, setSignOpen, submitting, requestSubmit, proceed, send };
}
