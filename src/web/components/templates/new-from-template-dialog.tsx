import { Loader2, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import type { TemplateSummary } from '#domain/templates';
import {
  TEMPLATE_TEXTS,
  useChecklistCopies,
  useDeleteTemplate,
  useTemplates,
} from '../../hooks/use-templates.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/dialog.tsx';
import { Input, Label } from '../ui/field.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export interface NewFromTemplateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

const taskCountText = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`;

/**
 * 'New from template': the built-in templates and the owner's own (which can be deleted here), one
 * chosen, an optional name; the checklist is made on the server and opens.
 */
export default function NewFromTemplateDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: NewFromTemplateDialogProps) {
  const templates = useTemplates(open);
  const copies = useChecklistCopies();
  const deleteTemplate = useDeleteTemplate();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; busy: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const busy = copies.pending !== null;

  // Each opening starts afresh.
  useEffect(() => {
    if (open) {
      setChosenId(null);
      setName('');
      setDeleting(null);
      setError(null);
    }
  }, [open]);

  const list = templates.data ?? [];
  const chosen = list.find((template) => template.id === chosenId) ?? null;
  const builtIn = list.filter((template) => template.builtIn);
  const own = list.filter((template) => !template.builtIn);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError('Choose a template.');
      return;
    }
    const made = await copies.fromTemplate(chosen.id, name.trim() || undefined);
    if (made) onOpenChange(false);
  }

  async function confirmDelete(template: TemplateSummary) {
    setDeleting({ id: template.id, busy: true });
    const failed = await deleteTemplate(template.id);
    setDeleting(null);
    if (failed) setError(failed);
    else if (chosenId === template.id) setChosenId(null);
  }

  const option = (template: TemplateSummary) => (
    <li key={template.id} className="flex items-stretch gap-1">
      <label
        className={cn(
          'flex min-h-14 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
          chosenId === template.id
            ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500'
            : 'border-slate-200 hover:bg-slate-50',
        )}
      >
        <input
          type="radio"
          name="template"
          value={template.id}
          checked={chosenId === template.id}
          onChange={() => {
            setChosenId(template.id);
            setError(null);
          }}
          className="h-4 w-4 shrink-0 accent-indigo-600"
        />
        <span className="min-w-0 flex-1">
          <span dir="auto" title={template.name} className="block truncate font-medium text-slate-900">
            {template.name}
          </span>
          <span className="block text-sm text-slate-600">{taskCountText(template.taskCount)}</span>
        </span>
      </label>
      {!template.builtIn &&
        (deleting?.id === template.id ? (
          <span className="flex shrink-0 flex-col justify-center gap-1">
            <Button
              variant="destructive"
              size="sm"
              className="h-8"
              disabled={deleting.busy}
              onClick={() => void confirmDelete(template)}
            >
              {deleting.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              Delete
            </Button>
            <Button variant="ghost" size="sm" className="h-8" onClick={() => setDeleting(null)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button
            variant="destructive-ghost"
            size="icon"
            className="h-auto min-h-14 w-11 shrink-0"
            aria-label={`Delete template “${template.name}”`}
            onClick={() => setDeleting({ id: template.id, busy: false })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        ))}
    </li>
  );

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New from template"
      description="Start with the tasks, details and photo requirements of a template. Ticks, photos and remarks are never copied."
      busy={busy}
      className="max-w-lg"
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      <form className="mt-4 space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        {templates.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading templates" className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : templates.isError ? (
          <div className="rounded-xl border border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
            <p>{TEMPLATE_TEXTS.loadFailed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void templates.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <fieldset className="min-w-0">
              <legend className="text-sm font-semibold text-slate-900">Starting templates</legend>
              <ul className="mt-2 space-y-2">{builtIn.map(option)}</ul>
            </fieldset>
            <fieldset className="min-w-0">
              <legend className="text-sm font-semibold text-slate-900">Your templates</legend>
              {own.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">
                  None yet. Open a checklist and choose Save as template to keep its tasks for next time.
                </p>
              ) : (
                <ul className="mt-2 space-y-2">{own.map(option)}</ul>
              )}
            </fieldset>
          </>
        )}

        <div>
          <Label htmlFor={nameId}>Checklist name (optional)</Label>
          <Input
            id={nameId}
            className="mt-1.5"
            value={name}
            maxLength={CHECKLIST_LIMITS.nameMax}
            placeholder={chosen?.name ?? 'Named after the template'}
            onChange={(event) => setName(event.target.value)}
          />
        </div>

        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || templates.isPending}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Create checklist
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
