import { Loader2, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Task } from '#domain/checklist';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '#domain/review';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { Checkbox, Label, Textarea } from '../../components/ui/field.tsx';

export interface RedoDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  tasks: readonly Task[];
  pending: boolean;
  onSend(taskIds: string[], note: string): Promise<void>;
}

/**
 * 'Request redo': which tasks go back (none chosen at first: sending back is a decision per task) and
 * the note the recipient reads on each of them, in their language. The limits are the route's.
 */
export function RedoDialog({ open, onOpenChange, tasks, pending, onSend }: RedoDialogProps) {
  const ids = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setChosen(new Set());
      setNote('');
      setTried(false);
    }
  }, [open]);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const tooLong = note.trim().length > REVIEW_LIMITS.noteMax;
  const noneChosen = chosen.size === 0;
  const send = () => {
    setTried(true);
    if (noneChosen || tooLong) return;
    void onSend(
      tasks.filter((task) => chosen.has(task.id)).map((task) => task.id),
      note.trim(),
    );
  };
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title="Request redo"
      description="The tasks you choose are unticked and the checklist goes back in progress. The recipient is told, and reads your note on each task in their language."
      className="max-w-lg"
    >
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        data-testid="redo-dialog"
      >
        <TaskChoices tasks={tasks} chosen={chosen} onToggle={toggle} missing={tried && noneChosen} />
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${ids}-note`}>Note for the recipient</Label>
          <Textarea
            id={`${ids}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            placeholder="What to fix, e.g. The shower glass still has streaks."
            aria-invalid={tooLong || undefined}
          />
          <p className={tooLong ? 'text-sm text-red-700' : 'text-xs text-slate-500'}>
            {tooLong ? REVIEW_MESSAGES.noteTooLong : `${note.trim().length} / ${REVIEW_LIMITS.noteMax}`}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
            )}
            Send back
            {chosen.size > 0 ? ` ${chosen.size} ${chosen.size === 1 ? 'task' : 'tasks'}` : ''}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The tasks to send back, each a checkbox with its description. */
function TaskChoices({
  tasks,
  chosen,
  onToggle,
  missing,
}: {
  tasks: readonly Task[];
  chosen: ReadonlySet<string>;
  onToggle(id: string): void;
  missing: boolean;
}) {
  const ids = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-900">Tasks to do again</legend>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        {tasks.map((task) => (
          <li key={task.id}>
            <label
              htmlFor={`${ids}-${task.id}`}
              className="flex min-h-10 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-50"
            >
              <Checkbox
                id={`${ids}-${task.id}`}
                checked={chosen.has(task.id)}
                onChange={() => onToggle(task.id)}
                className="mt-0.5"
              />
              <span className="min-w-0 text-sm break-words text-slate-900">{task.description}</span>
            </label>
          </li>
        ))}
      </ul>
      {missing && (
        <p role="alert" className="text-sm text-red-700">
          {REVIEW_MESSAGES.tasksRequired}
        </p>
      )}
    </fieldset>
  );
}
