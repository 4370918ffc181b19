import { lazy, Suspense, useState } from 'react';
import type { ShareDialogProps } from './share-dialog.tsx';

const ShareDialog = lazy(() => import('./share-dialog.tsx'));

/** Starts downloading the dialog's code (when a control that opens it is about to be used). */
export function preloadShareDialog(): void {
  void import('./share-dialog.tsx');
}

/**
 * The share dialog, downloaded the first time it opens: the pages that offer sharing do not carry
 * its code in their first chunk. Once loaded it stays mounted, so closing can animate.
 */
export function LazyShareDialog(props: ShareDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
