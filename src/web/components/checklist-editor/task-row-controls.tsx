import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { Camera, ChevronDown, GripVertical, Trash2 } from 'lucide-react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Textarea } from '../ui/field.tsx';

/** The controls of one task in the editor (sortable-task-row.tsx); `number` is the task's place, from 1. */

/** The handle a task is dragged by (or moved with the keyboard), named after the task. */
export function DragHandle({
  number,
  description,
  disabled,
  activatorRef,
  attributes,
  listeners,
}: {
  number: number;
  description: string;
  disabled: boolean;
  activatorRef(element: HTMLElement | null): void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button
      type="button"
      ref={activatorRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder task ${number}${description.trim() ? `: ${description.trim()}` : ''}`}
      disabled={disabled}
      className={cn(
        'col-start-1 row-start-1 flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400',
        'hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600',
        'active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50',
      )}
    >
      <GripVertical className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/** 'Photo': whether the task needs a photo before it can be ticked. */
export function PhotoRequiredToggle({
  number,
  required,
  disabled,
  onToggle,
}: {
  number: number;
  required: boolean;
  disabled: boolean;
  onToggle(): void;
}) {
  return (
    <Button
      variant={required ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={required}
      aria-label={`Photo required for task ${number}`}
      title="Require a photo before this task can be ticked"
      disabled={disabled}
      onClick={() => onToggle()}
      className={cn('h-10', required && 'border border-indigo-600')}
    >
      <Camera className="h-4 w-4" aria-hidden="true" />
      Photo
    </Button>
  );
}

/** Shows or hides the task's details field. */
export function DetailsToggle({
  number,
  open,
  hasDetails,
  controls,
  disabled,
  onToggle,
}: {
  number: number;
  open: boolean;
  hasDetails: boolean;
  /** The details field's id. */
  controls: string;
  disabled: boolean;
  onToggle(): void;
}) {
  return (
    <Button
      variant="subtle"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      disabled={disabled}
      onClick={() => onToggle()}
      className="h-10 gap-1 px-2"
    >
      {open ? 'Hide details' : hasDetails ? 'Edit details' : 'Add details'}
      <span className="sr-only"> for task {number}</span>
      <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
    </Button>
  );
}

export function DeleteTaskButton({
  number,
  disabled,
  onDelete,
}: {
  number: number;
  disabled: boolean;
  onDelete(): void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Delete task ${number}`}
      disabled={disabled}
      onClick={() => onDelete()}
      className="col-start-1 row-start-2 h-10 w-8 shrink-0 text-slate-500 hover:bg-red-50 hover:text-red-700"
    >
      <Trash2 className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}

/** The task's optional details or instructions, shown under it to whoever ticks it. */
export function TaskDetailsField({
  id,
  number,
  value,
  disabled,
  onChange,
}: {
  id: string;
  number: number;
  value: string;
  disabled: boolean;
  onChange(details: string): void;
}) {
  return (
    <Textarea
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={`Task ${number} details`}
      placeholder="Optional details or instructions shown under the task"
      maxLength={CHECKLIST_LIMITS.detailsMax}
      disabled={disabled}
      rows={3}
      className="col-start-2 row-start-3"
    />
  );
}
