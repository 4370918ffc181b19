import { useEffect } from 'react';
import { preloadChecklistEditor } from '../../components/checklist-editor/lazy-checklist-editor.tsx';
import { preloadDialogs } from '../../components/ui/lazy-dialog.tsx';
import { whenIdle } from '../../lib/lazy-chunk.tsx';
import { preloadRowMenu } from './checklist-row.tsx';

/**
 * What the list's buttons open comes after the first paint: the rows' menus at once (their buttons
 * are there as soon as the list is), the editor and the confirmation when the browser is idle. The
 * menus' chunk is asked for in a task of its own: its preload links cost a few milliseconds (more
 * on a phone), which added to the page's first effects made one long task.
 */
export function usePreloadListActions() {
  useEffect(() => {
    const menus = window.setTimeout(() => void preloadRowMenu(), 0);
    const cancelIdle = whenIdle(() => {
      void preloadChecklistEditor();
      void preloadDialogs();
    });
    return () => {
      window.clearTimeout(menus);
      cancelIdle();
    };
  }, []);
}
