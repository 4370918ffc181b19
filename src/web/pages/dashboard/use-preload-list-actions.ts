import { useEffect } from 'react';
import { preloadChecklistEditor } from '../../components/checklist-editor/lazy-checklist-editor.tsx';
import { preloadDialogs } from '../../components/ui/lazy-dialog.tsx';
import { whenIdle } from '../../lib/lazy-chunk.tsx';
import { preloadRowMenu } from './checklist-row.tsx';

/**
 * What the list's buttons open comes after the first paint: the rows' menus at once (their buttons
 * are there as soon as the list is), the editor and the confirmation when the browser is idle. Each
 * chunk is asked for in a task of its own: its preload links cost a few milliseconds (more on a
 * phone; the editor's import names 38 files, `appendChild` 16 ms at 4x), which added to the page's
 * first effects, or to each other, made one long task.
 */
export function usePreloadListActions() {
  useEffect(() => {
    const menus = window.setTimeout(() => void preloadRowMenu(), 0);
    const cancels = [whenIdle(() => void preloadChecklistEditor()), whenIdle(() => void preloadDialogs())];
    return () => {
      window.clearTimeout(menus);
      for (const cancel of cancels) cancel();
    };
  }, []);
}
