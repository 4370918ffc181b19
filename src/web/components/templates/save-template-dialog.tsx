import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { TEMPLATE_MESSAGES } from '#domain/templates';
import { useSaveTemplate } from '../../hooks/use-templates.ts';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/dialog.tsx';
import { Input, Label } from '../ui/field.tsx';

export interface SaveTemplateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  checklistId: string;
  checklistName: string;
}

/** 'Save as template': the checklist's tasks kept under a name (the checklist's unless changed). */
export default function SaveTemplateDialog({
  open,
  onOpenChange,
  checklistId,
  checklistName,
}: SaveTemplateDialogProps) {
  const save = useSaveTemplate();
  const [name, setName] = useState(checklistName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const errorId = useId();

  useEffect(() => {
    if (open) {
      setName(checklistName);
      setError(null);
    }
  }, [open, checklistName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(TEMPLATE_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    const failed = await save(checklistId, trimmed);
    setBusy(false);
    if (failed) setError(failed);
    else onOpenChange(false);
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as template"
      description="Keeps the tasks, their order, details and photo requirements for new checklists. Ticks, photos, remarks and shares stay with this checklist."
      busy={busy}
    >
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <Label htmlFor={nameId}>Template name</Label>
          <Input
            id={nameId}
            className="mt-1.5"
            value={name}
            maxLength={CHECKLIST_LIMITS.nameMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Save template
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
