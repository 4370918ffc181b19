import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import type { SignatureDialogProps } from './signature-dialog.tsx';

/**
 * The signature dialog and the signature's card are chunks of their own: a checklist that needs no
 * signature (most) never fetches them, one that does fetches the dialog once the page is idle.
 */
const dialogChunk = lazyChunk<SignatureDialogProps>(() =>
  import('./signature-dialog.tsx').then((module) => module.default),
);

export const preloadSignatureDialog = dialogChunk.preload;

/** Mounted while open; should its code not arrive, it closes as if cancelled (and says so). */
export function LazySignatureDialog(props: SignatureDialogProps & { onLoadFailed(error: unknown): void }) {
  const { onLoadFailed, ...rest } = props;
  if (!props.open) return null;
  const Dialog = dialogChunk.Component;
  return (
    <ChunkBoundary chunk={dialogChunk} fallback={null} onLoadFailed={onLoadFailed}>
      <Dialog {...rest} />
    </ChunkBoundary>
  );
}
