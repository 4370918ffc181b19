import { renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreloadListActions } from './use-preload-list-actions.ts';

const preloaded = vi.hoisted(() => [] as string[]);
vi.mock('../../components/checklist-editor/lazy-checklist-editor.tsx', () => ({
  preloadChecklistEditor: () => preloaded.push('editor'),
}));
vi.mock('../../components/ui/lazy-dialog.tsx', () => ({ preloadDialogs: () => preloaded.push('dialogs') }));
vi.mock('./checklist-row.tsx', () => ({ preloadRowMenu: () => preloaded.push('row menu') }));

afterEach(() => {
  preloaded.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('usePreloadListActions', () => {
  it("asks for the rows' menus a task later, then the editor and the dialogs each in an idle task of its own", () => {
    vi.useFakeTimers();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    renderHook(() => usePreloadListActions());
    expect(preloaded).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(preloaded).toEqual(['row menu']);
    // Two idle callbacks: the browser runs each as a task of its own.
    expect(idle).toHaveLength(2);
    idle[0]?.();
    expect(preloaded).toEqual(['row menu', 'editor']);
    idle[1]?.();
    expect(preloaded).toEqual(['row menu', 'editor', 'dialogs']);
  });
});
