import { Camera, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { Task } from '#domain/checklist';
import { cn } from '../../lib/cn.ts';

/** One task of the detail page: its box, the photo marker, and its details when it has any. */
export function TaskItem({ task, onToggle }: { task: Task; onToggle(task: Task): void }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const checkboxId = `${ids}-box`;
  const detailsId = `${ids}-details`;
  const markerId = `${ids}-marker`;
  const needsPhoto = task.photoRequired && !task.photoUrl;

  return (
    <li
      data-testid="task"
      className={cn(
        'rounded-xl border bg-white shadow-sm transition-colors',
        task.completed ? 'border-green-200 bg-green-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3 p-3 sm:p-4">
        <input
          id={checkboxId}
          type="checkbox"
          checked={task.completed}
          onChange={() => onToggle(task)}
          aria-describedby={task.photoRequired ? markerId : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <div className="min-w-0 flex-1">
          <label
            htmlFor={checkboxId}
            className={cn(
              'block cursor-pointer text-base leading-snug break-words',
              task.completed ? 'text-slate-500 line-through' : 'text-slate-900',
            )}
          >
            {task.description}
          </label>
          {(task.photoRequired || task.photoUrl || task.details) && (
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              {(task.photoRequired || task.photoUrl) && (
                <span
                  id={markerId}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                    needsPhoto
                      ? 'bg-amber-50 text-amber-900 ring-amber-300'
                      : 'bg-green-50 text-green-800 ring-green-300',
                  )}
                >
                  <Camera className="h-3.5 w-3.5" aria-hidden="true" />
                  {needsPhoto ? 'Photo required' : 'Photo attached'}
                </span>
              )}
              {task.details && (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={detailsId}
                  onClick={() => setOpen((value) => !value)}
                  className="inline-flex min-h-8 items-center gap-1 rounded-md px-1 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {open ? 'Hide details' : 'Show details'}
                  <ChevronDown
                    className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
                    aria-hidden="true"
                  />
                </button>
              )}
            </div>
          )}
          {task.details && (
            <p
              id={detailsId}
              hidden={!open}
              className="mt-2 text-sm leading-relaxed whitespace-pre-line break-words text-slate-600"
            >
              {task.details}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
