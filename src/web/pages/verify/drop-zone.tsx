import { FileSearch } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Where a file is dropped or chosen: the whole box is the file input's label, so a tap on a phone
 * opens its picker and a file dragged onto it on a computer is taken. Any kind of file: a report's
 * PDF, its report-data.json, a photo.
 */
export function DropZone({ onFile, busy }: { onFile(file: File): void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const inputId = useId();

  function dropped(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <label
      htmlFor={inputId}
      data-testid="verify-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600',
        over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
        busy && 'pointer-events-none opacity-60',
      )}
    >
      <FileSearch className="h-10 w-10 text-indigo-600" aria-hidden="true" />
      <span className="text-base font-semibold text-slate-900">
        Drop the report or photo here, or <span className="text-indigo-700 underline">choose a file</span>
      </span>
      <span className="max-w-md text-sm text-slate-600">
        It is checked on this device: the file is never uploaded, only its SHA-256 fingerprint is sent.
      </span>
      <input
        id={inputId}
        type="file"
        className="sr-only"
        aria-label="Choose a report or photo to check"
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // The same file chosen again is a new check.
          event.target.value = '';
        }}
      />
    </label>
  );
}
