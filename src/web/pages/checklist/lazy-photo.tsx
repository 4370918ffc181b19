import type { PhotoDialogProps } from '../../components/photo-dialog.tsx';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import type { PhotoViewerProps } from './photo-viewer.tsx';
import type { ReferenceViewerProps } from './reference-viewer.tsx';

/**
 * The photo dialog and the viewers (proof, reference) are chunks of their own: the detail page and the recipient's page show
 * their tasks without them, and fetch them once a task has (or needs) a photo.
 */
const dialogChunk = lazyChunk<PhotoDialogProps>(() =>
  import('../../components/photo-dialog.tsx').then((module) => module.default),
);
const viewerChunk = lazyChunk<PhotoViewerProps>(() =>
  import('./photo-viewer.tsx').then((module) => module.default),
);

const referenceChunk = lazyChunk<ReferenceViewerProps>(() =>
  import('./reference-viewer.tsx').then((module) => module.default),
);

export function preloadPhotoChunks(): void {
  void dialogChunk.preload();
  void viewerChunk.preload();
  void referenceChunk.preload();
}

type Lazy<Props> = Props & {
  /** Its code could not be downloaded: nothing is shown (the caller closes it and says why). */
  onLoadFailed(error: unknown): void;
};

export function LazyPhotoDialog({ onLoadFailed, ...props }: Lazy<PhotoDialogProps>) {
  const Dialog = dialogChunk.Component;
  return (
    <ChunkBoundary chunk={dialogChunk} fallback={null} onLoadFailed={onLoadFailed}>
      <Dialog {...props} />
    </ChunkBoundary>
  );
}

export function LazyPhotoViewer({ onLoadFailed, ...props }: Lazy<PhotoViewerProps>) {
  const Viewer = viewerChunk.Component;
  return (
    <ChunkBoundary chunk={viewerChunk} fallback={null} onLoadFailed={onLoadFailed}>
      <Viewer {...props} />
    </ChunkBoundary>
  );
}

export function LazyReferenceViewer({ onLoadFailed, ...props }: Lazy<ReferenceViewerProps>) {
  const Viewer = referenceChunk.Component;
  return (
    <ChunkBoundary chunk={referenceChunk} fallback={null} onLoadFailed={onLoadFailed}>
      <Viewer {...props} />
    </ChunkBoundary>
  );
}
