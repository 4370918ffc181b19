import { BookImage, Camera, ChevronDown, ImageOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Task } from '#domain/checklist';
import { photoSizeUrl } from '#domain/photos';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { canPreview } from '../../lib/can-preview.ts';
import { cn } from '../../lib/cn.ts';

/** The thumbnail's box (px): fixed, so the row does not move when the image arrives. */
const THUMB_SIZE = 56;

/** A task's photo, small (the server's thumbnail); a tap opens it large. */
function PhotoThumbnail({
  photoUrl,
  description,
  onOpen,
}: {
  photoUrl: string;
  description: string;
  /** With the picture's aspect ratio when the thumbnail has loaded (the viewer sizes its frame by it). */
  onOpen(aspectRatio: number | null): void;
}) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const t = useT();
  function open() {
    const { naturalWidth = 0, naturalHeight = 0 } = image.current ?? {};
    onOpen(naturalWidth > 0 && naturalHeight > 0 ? naturalWidth / naturalHeight : null);
  }
  return (
    <button
      type="button"
      onClick={open}
      aria-label={t('task.viewPhoto', { task: description })}
      data-testid="photo-thumbnail"
      className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {failed ? (
        <ImageOff className="h-5 w-5 text-slate-400" aria-hidden="true" />
      ) : (
        <img
          ref={image}
          src={photoSizeUrl(photoUrl, 'thumb')}
          alt=""
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </button>
  );
}

/**
 * The task's reference photo (the owner's example of what good looks like): a labelled chip with a
 * small picture, indigo and dashed so it never reads as the proof (green or amber, on the right).
 */
function ReferenceChip({ url, description, onOpen }: { url: string; description: string; onOpen(): void }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('task.viewReference', { task: description })}
      data-testid="reference-photo"
      className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-dashed border-indigo-300 bg-indigo-50 py-0.5 pr-2.5 pl-0.5 text-xs font-medium text-indigo-800 hover:border-indigo-500 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {failed ? (
        <BookImage className="ml-1.5 h-3.5 w-3.5" aria-hidden="true" />
      ) : (
        <img
          src={photoSizeUrl(url, 'thumb')}
          alt=""
          width={24}
          height={24}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="h-6 w-6 rounded-full bg-indigo-100 object-cover"
        />
      )}
      {t('task.referencePhoto')}
    </button>
  );
}

/** A photo kept on this device until it is uploaded: shown from IndexedDB, not yet openable. */
function PendingPhotoThumbnail({ photoKey }: { photoKey: string }) {
  const queue = useOfflineQueue();
  const [url, setUrl] = useState<string | null>(null);
  const t = useT();
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    void queue
      .getPhoto(photoKey)
      .then(async (blob) => {
        if (!blob || cancelled || !(await canPreview(blob)) || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [queue, photoKey]);
  return (
    <span
      data-testid="pending-photo"
      className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-amber-300"
    >
      {url ? (
        <img
          src={url}
          alt={t('task.waitingUpload')}
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          className="h-full w-full object-cover"
        />
      ) : (
        <Camera className="h-5 w-5 text-slate-400" aria-hidden="true" />
      )}
    </span>
  );
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
}: {
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
}) {
  const ids = useId();
  const t = useT();
  const [open, setOpen] = useState(false);
  const checkboxId = `${ids}-box`;
  const detailsId = `${ids}-details`;
  const markerId = `${ids}-marker`;
  const hasPhoto = Boolean(task.photoUrl || pendingPhotoKey);
  const needsPhoto = task.photoRequired && !hasPhoto;

  return (
    <li
      data-testid="task"
      data-task-id={task.id}
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
          {(task.photoRequired || hasPhoto || task.details || pending || task.referencePhotoUrl) && (
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
                  onOpen={() => onOpenReference(task)}
                />
              )}
              {pending && <PendingSyncBadge />}
              {task.details && (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={detailsId}
                  onClick={() => setOpen((value) => !value)}
                  className="inline-flex min-h-8 items-center gap-1 rounded-md px-1 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {open ? t('task.hideDetails') : t('task.showDetails')}
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
        {pendingPhotoKey ? (
          <PendingPhotoThumbnail photoKey={pendingPhotoKey} />
        ) : (
          task.photoUrl && (
            <PhotoThumbnail
              key={task.photoUrl}
              photoUrl={task.photoUrl}
              description={task.description}
              onOpen={(aspectRatio) => onOpenPhoto(task, aspectRatio)}
            />
          )
        )}
      </div>
    </li>
  );
}
