import { useState } from 'react';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import type { ConfirmDialogProps } from './dialog.tsx';

/**
 * Radix's dialogs (focus trap, dismissal, portals: 9 KiB gzipped) are a chunk of their own, fetched
 * after the first paint: the pages whose confirmations open from a click call `preloadDialogs` when
 * idle, so the chunk is there before anyone asks.
 */
const confirmDialog = lazyChunk<ConfirmDialogProps>(() =>
  import('./dialog.tsx').then((module) => module.ConfirmDialog),
);

export const preloadDialogs = confirmDialog.preload;

/**
 * ConfirmDialog, mounted the first time it opens (and kept, so closing can animate). Should its code
 * not arrive (offline before it was ever cached), the dialog closes as if cancelled and opening it
 * again tries again.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  const Dialog = confirmDialog.Component;
  return (
    <ChunkBoundary
      chunk={confirmDialog}
      fallback={null}
      retryKey={props.open}
      onLoadFailed={(error) => {
        console.warn('The dialog could not be loaded', error);
        props.onOpenChange(false);
      }}
    >
      <Dialog {...props} />
    </ChunkBoundary>
  );
}
