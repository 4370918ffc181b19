import { useEffect, useRef } from 'react';
import type { EditorState } from './use-checklist-editor.ts';

function rowMenuTrigger(checklistId: string | null): HTMLElement | null {
  if (!checklistId) return null;
  return document.querySelector<HTMLElement>(
    `[data-checklist-id="${CSS.escape(checklistId)}"] [aria-label="Checklist actions"]`,
  );
}

/**
 * Where focus goes on the dashboard when what had it is gone: after a row's dialog, back to the row's
 * menu button (or the list's heading); after the editor, to New Checklist.
 */
export function useDashboardFocus(editorMode: EditorState['mode']) {
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The row whose menu opened a dialog: focus goes back to its menu button, or to the list if it is gone. */
  const menuRowId = useRef<string | null>(null);
  const returnFocusToList = () => rowMenuTrigger(menuRowId.current) ?? headingRef.current;

  // When the editor closes, focus goes back to the list instead of the top of the page.
  const editorWasOpen = useRef(false);
  useEffect(() => {
    if (editorMode !== 'closed') editorWasOpen.current = true;
    else if (editorWasOpen.current) {
      editorWasOpen.current = false;
      newButtonRef.current?.focus();
    }
  }, [editorMode]);

  return { newButtonRef, headingRef, menuRowId, returnFocusToList };
}

export type DashboardFocus = ReturnType<typeof useDashboardFocus>;
