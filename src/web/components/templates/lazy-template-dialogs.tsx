import { lazy, Suspense, useState } from 'react';
import type { NewFromTemplateDialogProps } from './new-from-template-dialog.tsx';
import type { SaveTemplateDialogProps } from './save-template-dialog.tsx';

const NewFromTemplateDialog = lazy(() => import('./new-from-template-dialog.tsx'));
const SaveTemplateDialog = lazy(() => import('./save-template-dialog.tsx'));

/** Starts downloading the template list's code (the button that opens it is about to be used). */
export function preloadNewFromTemplateDialog(): void {
  void import('./new-from-template-dialog.tsx');
}

export function preloadSaveTemplateDialog(): void {
  void import('./save-template-dialog.tsx');
}

/** Mounted the first time it opens, then kept (so closing can animate); its code comes with it. */
function useWanted(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted;
}

export function LazyNewFromTemplateDialog(props: NewFromTemplateDialogProps) {
  if (!useWanted(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <NewFromTemplateDialog {...props} />
    </Suspense>
  );
}

export function LazySaveTemplateDialog(props: SaveTemplateDialogProps) {
  if (!useWanted(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SaveTemplateDialog {...props} />
    </Suspense>
  );
}
