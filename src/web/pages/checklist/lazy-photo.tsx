import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
import type { PhotoDialogProps } from '../../components/photo-dialog.tsx';
import type { PhotoViewerProps } from './photo-viewer.tsx';

/**
 * The photo dialog and viewer are chunks of their own: the detail page and the recipient's page show
 * their tasks without them, and fetch them once a task has (or needs) a photo.
 */
const loadDialog = () => import('../../components/photo-dialog.tsx');
const loadViewer = () => import('./photo-viewer.tsx');

export function preloadPhotoChunks(): void {
  void loadDialog().catch(() => undefined);
  void loadViewer().catch(() => undefined);
}

interface Chunk<Props> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** After a failed download: the next render downloads again. */
  reset(): void;
}

function chunkOf<Props>(load: () => Promise<{ default: ComponentType<Props> }>): Chunk<Props> {
  const chunk: Chunk<Props> = {
    Component: lazy(load),
    reset: () => {
      chunk.Component = lazy(load);
    },
  };
  return chunk;
}

const dialogChunk = chunkOf<PhotoDialogProps>(loadDialog);
const viewerChunk = chunkOf<PhotoViewerProps>(loadViewer);

interface BoundaryProps {
  chunk: { reset(): void };
  onLoadFailed(error: unknown): void;
  children: ReactNode;
}

/**
 * Shows nothing and reports when a chunk could not be downloaded (offline); the next try downloads
 * again (React.lazy alone would keep the failed promise).
 */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.chunk.reset();
    this.props.onLoadFailed(error);
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

type Lazy<Props> = Props & {
  /** Its code could not be downloaded: nothing is shown (the caller closes it and says why). */
  onLoadFailed(error: unknown): void;
};

export function LazyPhotoDialog({ onLoadFailed, ...props }: Lazy<PhotoDialogProps>) {
  const Dialog = dialogChunk.Component;
  return (
    <LoadBoundary chunk={dialogChunk} onLoadFailed={onLoadFailed}>
      <Dialog {...props} />
    </LoadBoundary>
  );
}

export function LazyPhotoViewer({ onLoadFailed, ...props }: Lazy<PhotoViewerProps>) {
  const Viewer = viewerChunk.Component;
  return (
    <LoadBoundary chunk={viewerChunk} onLoadFailed={onLoadFailed}>
      <Viewer {...props} />
    </LoadBoundary>
  );
}
