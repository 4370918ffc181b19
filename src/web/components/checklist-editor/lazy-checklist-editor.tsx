import { useState } from 'react';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { ChecklistEditorProps } from './checklist-editor.tsx';

/**
 * The editor with its drag and drop (dnd-kit) is a chunk of its own: the dashboard shows the list
 * without it and fetches it when idle, or as soon as 'New Checklist' or a row's menu is pointed at.
 */
const editor = lazyChunk<ChecklistEditorProps>(() =>
  import('./checklist-editor.tsx').then((module) => module.ChecklistEditor),
);

export const preloadChecklistEditor = editor.preload;

/** Holds the editor's place while its code arrives (normally it is there already). */
function EditorPlaceholder({
  failed,
  onRetry,
  onCancel,
}: {
  failed: boolean;
  onRetry(): void;
  onCancel(): void;
}) {
  return (
    <Card className="flex min-h-80 flex-col items-center justify-center gap-3 p-4 sm:p-6">
      {failed ? (
        <>
          <p role="alert" className="text-sm text-slate-600">
            The editor could not be loaded. Check your connection and try again.
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={onCancel}>
              Cancel
            </Button>
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <Spinner label="Opening the editor" />
      )}
    </Card>
  );
}

export function LazyChecklistEditor(props: ChecklistEditorProps) {
  const [tries, setTries] = useState(0);
  const [failed, setFailed] = useState(false);
  const Editor = editor.Component;
  return (
    <ChunkBoundary
      chunk={editor}
      retryKey={tries}
      fallback={
        <EditorPlaceholder
          failed={failed}
          onCancel={props.onCancel}
          onRetry={() => {
            setFailed(false);
            setTries((count) => count + 1);
          }}
        />
      }
      onLoadFailed={(error) => {
        console.warn('The checklist editor could not be loaded', error);
        setFailed(true);
      }}
    >
      <Editor {...props} />
    </ChunkBoundary>
  );
}
