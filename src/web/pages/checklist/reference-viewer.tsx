import { BookImage } from 'lucide-react';
import { photoSizeUrl } from '#domain/photos';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { LoadingPhoto } from './loading-photo.tsx';

export interface ReferenceViewerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The task's description, and its reference photo's URL (GET /api/photos/{id}). */
  taskDescription: string;
  referencePhotoUrl: string;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A task's reference photo, large and read-only (docs/decisions/0026): the owner's example of what good
 * looks like, marked as such so nobody takes it for the proof. The owner changes it in the editor.
 */
export function ReferenceViewer({
  open,
  onOpenChange,
  taskDescription,
  referencePhotoUrl,
  returnFocusTo,
}: ReferenceViewerProps) {
  const t = useT();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('task.referencePhoto')}
      description={t('reference.text', { task: taskDescription })}
      className="sm:max-w-2xl"
      returnFocusTo={returnFocusTo}
    >
      <figure
        className="relative mx-auto mt-4 flex aspect-[4/3] max-h-[65dvh] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed border-indigo-300 bg-slate-900"
        data-testid="reference-viewer-frame"
      >
        <LoadingPhoto
          src={photoSizeUrl(referencePhotoUrl, 'display')}
          alt={t('task.viewReference', { task: taskDescription })}
        />
        <figcaption className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-indigo-600 px-2.5 py-1 text-xs font-semibold text-white shadow">
          <BookImage className="h-3.5 w-3.5" aria-hidden="true" />
          {t('task.referencePhoto')}
        </figcaption>
      </figure>
    </ModalDialog>
  );
}

/** For React.lazy: the viewer is its own chunk. */
export default ReferenceViewer;
