import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { DraftTask } from './draft.ts';
import { ReferencePhotoButton } from './reference-photo-button.tsx';
import { TaskDescription } from './task-description.tsx';
import {
  DeleteTaskButton,
  DetailsToggle,
  DragHandle,
  PhotoRequiredToggle,
  TaskDetailsField,
} from './task-row-controls.tsx';

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

/** Under the description: Photo, the details toggle, the reference photo, and the details in short. */
function TaskRowTools({
  task,
  number,
  disabled,
  detailsOpen,
  detailsId,
  onToggleDetails,
  onChange,
  reference,
}: Pick<TaskRowProps, 'task' | 'disabled' | 'onChange' | 'reference'> & {
  number: number;
  detailsOpen: boolean;
  detailsId: string;
  onToggleDetails(): void;
}) {
  const hasDetails = task.details.trim() !== '';
  return (
    <div className="col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-1.5 sm:gap-2">
      <PhotoRequiredToggle
        number={number}
        required={task.photoRequired}
        disabled={disabled}
        onToggle={() => onChange(task.id, { photoRequired: !task.photoRequired })}
      />
      <DetailsToggle
        number={number}
        open={detailsOpen}
        hasDetails={hasDetails}
        controls={detailsId}
        disabled={disabled}
        onToggle={onToggleDetails}
      />
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
  );
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
      <DragHandle
        number={number}
        description={task.description}
        disabled={disabled}
        activatorRef={setActivatorNodeRef}
        attributes={attributes}
        listeners={listeners}
      />

      <TaskDescription
        number={number}
        value={task.description}
        disabled={disabled}
        onChange={(description) => onChange(task.id, { description })}
        onEnter={() => onEnterKey(task.id)}
        inputRef={(element) => inputRef(task.id, element)}
      />

      <TaskRowTools
        task={task}
        number={number}
        disabled={disabled}
        detailsOpen={detailsOpen}
        detailsId={detailsId}
        onToggleDetails={() => setDetailsOpen((open) => !open)}
        onChange={onChange}
        reference={reference}
      />
      <DeleteTaskButton number={number} disabled={disabled} onDelete={() => onDelete(task.id)} />

      {detailsOpen && (
        <TaskDetailsField
          id={detailsId}
          number={number}
          value={task.details}
          disabled={disabled}
          onChange={(details) => onChange(task.id, { details })}
        />
      )}
    </li>
  );
}
