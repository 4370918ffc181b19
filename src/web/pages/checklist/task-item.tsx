import { Camera, ChevronDown, Undo2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { Task } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';
import { ReferenceChip, TaskPhoto } from './task-photos.tsx';

/** The line under a task's text: its photo marker, reference photo, pending badge and details toggle. */
function TaskMarkers({
  task,
  hasPhoto,
  pending,
  markerId,
  detailsId,
  detailsOpen,
  onToggleDetails,
  onOpenReference,
}: {
  task: Task;
  hasPhoto: boolean;
  pending: boolean;
  markerId: string;
  detailsId: string;
  detailsOpen: boolean;
  onToggleDetails(): void;
  onOpenReference(): void;
}) {
  const t = useT();
  const needsPhoto = task.photoRequired && !hasPhoto;
  if (!(task.photoRequired || hasPhoto || task.details || pending || task.referencePhotoUrl)) return null;
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2">
      {(task.photoRequired || hasPhoto) && (
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
          {needsPhoto ? t('task.photoRequired') : t('task.photoAttached')}
        </span>
      )}
      {task.referencePhotoUrl && (
        <ReferenceChip
          key={task.referencePhotoUrl}
          url={task.referencePhotoUrl}
          description={task.description}
          onOpen={onOpenReference}
        />
      )}
      {pending && <PendingSyncBadge />}
      {task.details && (
        <button
          type="button"
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          onClick={onToggleDetails}
          className="inline-flex min-h-8 items-center gap-1 rounded-md px-1 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {detailsOpen ? t('task.hideDetails') : t('task.showDetails')}
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', detailsOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      )}
    </div>
  );
}

/** The team sent this task back (a redo): their note, until the checklist is submitted again. */
function RedoNote({ note }: { note: string }) {
  const t = useT();
  return (
    <p
      className="mt-2 flex items-start gap-2 rounded-lg border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-950"
      data-testid="redo-note"
    >
      <Undo2 className="mt-0.5 h-4 w-4 shrink-0 text-orange-700" aria-hidden="true" />
      <span className="min-w-0 break-words whitespace-pre-line">
        <strong className="font-semibold">{t('task.sentBack')}</strong>
        {note ? `: ${note}` : ''}
      </span>
    </p>
  );
}

interface TaskItemProps {
  task: Task;
  onToggle(task: Task): void;
  onOpenPhoto(task: Task, aspectRatio: number | null): void;
  /** Opens the task's reference photo, large. */
  onOpenReference(task: Task): void;
  /** A change to this task is kept on this device and not yet saved on the server. */
  pending?: boolean;
  /** Added by an edit not synced yet: it cannot be ticked until the server has it. */
  draft?: boolean;
  /** Its photo waits on this device (the queued upload's key). */
  pendingPhotoKey?: string | undefined;
  /** Under the task's markers: what only the owner's page shows (its photo's evidence). */
  extra?: ReactNode;
}

/** One task of the detail page: its box, the photo marker or thumbnail, and its details when it has any. */
export function TaskItem({
  task,
  onToggle,
  onOpenPhoto,
  onOpenReference,
  pending = false,
  draft = false,
  pendingPhotoKey,
  extra,
}: TaskItemProps) {
  const ids = useId();
  const t = useT();
  const [open, setOpen] = useState(false);
  const checkboxId = `${ids}-box`;
  const detailsId = `${ids}-details`;
  const markerId = `${ids}-marker`;
  const hasPhoto = Boolean(task.photoUrl || pendingPhotoKey);

  return (
    <li
      data-testid="task"
      data-task-id={task.id}
      className={cn(
        'rounded-xl border bg-white shadow-sm transition-colors',
        task.completed ? 'border-green-200 bg-green-50/40' : 'border-slate-200',
        task.redoNote !== null && !task.completed && 'border-orange-300',
      )}
    >
      <div className="flex items-start gap-3 p-3 sm:p-4">
        <input
          id={checkboxId}
          type="checkbox"
          checked={task.completed}
          onChange={() => onToggle(task)}
          disabled={draft}
          title={draft ? t('task.draft') : undefined}
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
          {task.redoNote !== null && <RedoNote note={task.redoNote} />}
          <TaskMarkers
            task={task}
            hasPhoto={hasPhoto}
            pending={pending}
            markerId={markerId}
            detailsId={detailsId}
            detailsOpen={open}
            onToggleDetails={() => setOpen((value) => !value)}
            onOpenReference={() => onOpenReference(task)}
          />
          {extra}
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
        <TaskPhoto task={task} pendingPhotoKey={pendingPhotoKey} onOpenPhoto={onOpenPhoto} />
      </div>
    </li>
  );
}
