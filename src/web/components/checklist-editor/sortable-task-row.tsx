import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Camera, ChevronDown, GripVertical, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Textarea } from '../ui/field.tsx';
import type { DraftTask } from './draft.ts';
import { ReferencePhotoButton } from './reference-photo-button.tsx';
import { TaskDescription } from './task-description.tsx';

export interface TaskRowProps {
  task: DraftTask;
  index: number;
  disabled: boolean;
  onChange(id: string, change: Partial<Omit<DraftTask, 'id'>>): void;
  onDelete(id: string): void;
  /** Enter in the description: the next task, or a new one after the last. */
  onEnterKey(id: string): void;
  /** Registers the description field, so the editor can focus it (new task, validation). */
  inputRef(id: string, element: HTMLTextAreaElement | null): void;
  /** The task's reference photo: whether it can have one yet (the server has the task), and what to do. */
  reference: {
    available(taskId: string): boolean;
    edit(target: { taskId: string; description: string }): void;
    remove(target: { taskId: string; description: string }): void;
  };
}

/** One task of the editor: drag handle, description, Photo toggle, details, delete. */
export function SortableTaskRow({
  task,
  index,
  disabled,
  onChange,
  onDelete,
  onEnterKey,
  inputRef,
  reference,
}: TaskRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.id, disabled });
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const number = index + 1;
  const hasDetails = task.details.trim() !== '';

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="editor-task"
      className={cn(
        // Tools on the left (drag handle, and delete under it), the description and its Photo and
        // details controls on the right: the description keeps the full width on a phone.
        'relative grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-1.5 gap-y-1.5 rounded-xl border border-slate-200 bg-white p-2 sm:gap-x-2',
        isDragging && 'z-10 border-indigo-300 shadow-lg ring-2 ring-indigo-200',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder task ${number}${task.description.trim() ? `: ${task.description.trim()}` : ''}`}
        disabled={disabled}
        className={cn(
          'col-start-1 row-start-1 flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400',
          'hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600',
          'active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <GripVertical className="h-5 w-5" aria-hidden="true" />
      </button>

      <TaskDescription
        number={number}
        value={task.description}
        disabled={disabled}
        onChange={(description) => onChange(task.id, { description })}
        onEnter={() => onEnterKey(task.id)}
        inputRef={(element) => inputRef(task.id, element)}
      />

      <div className="col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-1.5 sm:gap-2">
        <Button
          variant={task.photoRequired ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={task.photoRequired}
          aria-label={`Photo required for task ${number}`}
          title="Require a photo before this task can be ticked"
          disabled={disabled}
          onClick={() => onChange(task.id, { photoRequired: !task.photoRequired })}
          className={cn('h-10', task.photoRequired && 'border border-indigo-600')}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          Photo
        </Button>
        <Button
          variant="subtle"
          size="sm"
          aria-expanded={detailsOpen}
          aria-controls={detailsOpen ? detailsId : undefined}
          disabled={disabled}
          onClick={() => setDetailsOpen((open) => !open)}
          className="h-10 gap-1 px-2"
        >
          {detailsOpen ? 'Hide details' : hasDetails ? 'Edit details' : 'Add details'}
          <span className="sr-only"> for task {number}</span>
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', detailsOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </Button>
        <ReferencePhotoButton
          number={number}
          url={task.referencePhotoUrl}
          available={reference.available(task.id)}
          disabled={disabled}
          onEdit={() => reference.edit({ taskId: task.id, description: task.description.trim() })}
          onRemove={() => reference.remove({ taskId: task.id, description: task.description.trim() })}
        />
        {!detailsOpen && hasDetails && (
          <p className="hidden min-w-0 flex-1 truncate text-sm text-slate-500 sm:block">{task.details}</p>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete task ${number}`}
        disabled={disabled}
        onClick={() => onDelete(task.id)}
        className="col-start-1 row-start-2 h-10 w-8 shrink-0 text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>

      {detailsOpen && (
        <Textarea
          id={detailsId}
          value={task.details}
          onChange={(event) => onChange(task.id, { details: event.target.value })}
          aria-label={`Task ${number} details`}
          placeholder="Optional details or instructions shown under the task"
          maxLength={CHECKLIST_LIMITS.detailsMax}
          disabled={disabled}
          rows={3}
          className="col-start-2 row-start-3"
        />
      )}
    </li>
  );
}
