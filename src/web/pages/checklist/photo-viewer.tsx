import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Task } from '#domain/checklist';
import { photoSizeUrl } from '#domain/photos';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, ModalDialog } from '../../components/ui/dialog.tsx';
import { useToast } from '../../hooks/use-toast.ts';
import { useT } from '../../i18n/i18n.tsx';
import { LoadingPhoto } from './loading-photo.tsx';

export interface PhotoViewerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A task with a photo. */
  task: Task;
  /** The picture's width / height when known (from its thumbnail): the frame takes its shape at once. */
  aspectRatio?: number | null;
  /** Opens the photo dialog for a new photo of this task. */
  onReplace(): void;
  /** Removes the photo; resolves once the server has, rejects otherwise. */
  /** Removes it: 'applied' once the server has, 'queued' when it waits on this device (offline). */
  remove(): Promise<'applied' | 'queued'>;
  /** Where focus goes on close when the thumbnail that opened it is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Until the picture's own shape is known: a phone camera's landscape 4:3. */
const DEFAULT_ASPECT_RATIO = 4 / 3;
const MAX_FRAME_HEIGHT = '65dvh';

/**
 * A task's photo, large (the display size, longest side 2048 px), with what can be done to it: put
 * another in its place, or remove it after asking. Owner and recipient alike; the server decides.
 */
export function PhotoViewer({
  open,
  onOpenChange,
  task,
  aspectRatio,
  onReplace,
  remove,
  returnFocusTo,
}: PhotoViewerProps) {
  const { toast } = useToast();
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const src = task.photoUrl ? photoSizeUrl(task.photoUrl, 'display') : null;
  // The frame has the picture's shape (so nothing moves when it arrives), as wide as the dialog allows
  // and no taller than most of the screen.
  const ratio = aspectRatio ?? DEFAULT_ASPECT_RATIO;
  const frame = { aspectRatio: String(ratio), width: `min(100%, calc(${MAX_FRAME_HEIGHT} * ${ratio}))` };

  async function confirmRemove() {
    setRemoving(true);
    try {
      if ((await remove()) === 'applied')
        toast({ title: t('common.success'), description: t('photo.removed') });
      else toast({ title: t('common.savedOnDevice'), description: t('photo.removeQueued') });
      setConfirming(false);
      onOpenChange(false);
    } catch (error) {
      console.warn('Removing the photo failed', error);
      toast({ title: t('common.error'), description: t('photo.removeFailed'), variant: 'destructive' });
      setConfirming(false);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={removing}
      title={task.description}
      className="sm:max-w-2xl"
      returnFocusTo={returnFocusTo}
    >
      <div
        className="relative mx-auto mt-4 flex items-center justify-center overflow-hidden rounded-xl bg-slate-900"
        style={frame}
        data-testid="photo-viewer-frame"
      >
        <LoadingPhoto src={src} alt={task.description} />
      </div>

      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="destructive-ghost" onClick={() => setConfirming(true)} disabled={removing}>
          <Trash2 className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('photo.remove')}
        </Button>
        <Button variant="secondary" onClick={onReplace} disabled={removing}>
          <RefreshCw className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('photo.replace')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('photo.removeTitle')}
        description={t('photo.removeText', { task: task.description })}
        confirmLabel={t('photo.remove')}
        destructive
        pending={removing}
        onConfirm={() => void confirmRemove()}
      />
    </ModalDialog>
  );
}

/** For React.lazy: the viewer is its own chunk. */
export default PhotoViewer;
