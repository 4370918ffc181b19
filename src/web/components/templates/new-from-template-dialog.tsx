import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/dialog.tsx';
import { Input, Label } from '../ui/field.tsx';
import { TemplateOptions } from './template-options.tsx';
import { useTemplateChoice } from './use-template-choice.ts';

export interface NewFromTemplateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * 'New from template': the built-in templates and the owner's own (which can be deleted here), one
 * chosen, an optional name; the checklist is made on the server and opens.
 */
export default function NewFromTemplateDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: NewFromTemplateDialogProps) {
  const choice = useTemplateChoice(open, onOpenChange);
  const { busy, error } = choice;
  const nameId = useId();

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
      <form className="mt-4 space-y-5" onSubmit={(event) => void choice.submit(event)} noValidate>
        <TemplateOptions choice={choice} />

        <div>
          <Label htmlFor={nameId}>Checklist name (optional)</Label>
          <Input
            id={nameId}
            className="mt-1.5"
            value={choice.name}
            maxLength={CHECKLIST_LIMITS.nameMax}
            placeholder={choice.chosen?.name ?? 'Named after the template'}
            onChange={(event) => choice.setName(event.target.value)}
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
          <Button type="submit" disabled={busy || choice.templates.isPending}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Create checklist
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
