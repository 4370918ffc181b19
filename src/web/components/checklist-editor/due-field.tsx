import { X } from 'lucide-react';
import { deviceTimeZone } from '#domain/due-dates';
import { Button } from '../ui/button.tsx';
import { Input, Label } from '../ui/field.tsx';
import type { ChecklistDraft } from './draft.ts';

/**
 * When the work is due (issue 31): a date and a time in the browser's time zone, both optional (a date
 * alone is due at the start of that day), cleared in one press. Saved with the form, so offline too.
 */
export function DueField({
  id,
  draft,
  onChange,
  disabled,
}: {
  id: string;
  draft: Pick<ChecklistDraft, 'dueDate' | 'dueTime'>;
  onChange(change: Pick<ChecklistDraft, 'dueDate' | 'dueTime'>): void;
  disabled: boolean;
}) {
  const hintId = `${id}-hint`;
  return (
    <fieldset className="mt-4 min-w-0" aria-describedby={hintId} data-testid="editor-due">
      <legend className="text-sm font-medium text-slate-800">Due (optional)</legend>
      <div className="mt-1.5 flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={`${id}-date`} className="text-xs font-normal text-slate-600">
            Due date
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={draft.dueDate}
            min="2000-01-01"
            max="2099-12-31"
            onChange={(event) => onChange({ dueDate: event.target.value, dueTime: draft.dueTime })}
            disabled={disabled}
            className="mt-1 w-40"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-time`} className="text-xs font-normal text-slate-600">
            Due time
          </Label>
          <Input
            id={`${id}-time`}
            type="time"
            value={draft.dueTime}
            onChange={(event) => onChange({ dueDate: draft.dueDate, dueTime: event.target.value })}
            disabled={disabled || !draft.dueDate}
            className="mt-1 w-32"
          />
        </div>
        {draft.dueDate && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ dueDate: '', dueTime: '' })}
            disabled={disabled}
            aria-label="Clear the due date"
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        In your time zone ({deviceTimeZone()}). The team is told if it is not done in time; a shared recipient
        is reminded an hour before.
      </p>
    </fieldset>
  );
}
