import { BookImage, Camera, ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Task } from '#domain/checklist';
import { photoSizeUrl } from '#domain/photos';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { canPreview } from '../../lib/can-preview.ts';

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
export function ReferenceChip({
  url,
  description,
  onOpen,
}: {
  url: string;
  description: string;
  onOpen(): void;
}) {
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

/** The task's photo on the right of its row: waiting on this device, or uploaded (a tap opens it large). */
export function TaskPhoto({
  task,
  pendingPhotoKey,
  onOpenPhoto,
}: {
  task: Task;
  pendingPhotoKey: string | undefined;
  onOpenPhoto(task: Task, aspectRatio: number | null): void;
}) {
  return pendingPhotoKey ? (
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
  );
}
