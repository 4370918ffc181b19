import { Check } from 'lucide-react';
import { useId } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { Textarea } from '../../components/ui/field.tsx';
import type { RemarksSaveState } from '../../hooks/use-remarks-autosave.ts';

/** The 'Notes & Remarks' textarea with a small save indicator. */
export function RemarksField({
  value,
  onChange,
  state,
  onRetry,
  onBlur,
}: {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  state: RemarksSaveState;
  onRetry(): void;
}) {
  const id = useId();
  const statusId = `${id}-status`;
  return (
    <section className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-lg font-semibold text-slate-900">
          Notes &amp; Remarks
        </label>
        <span id={statusId} role="status" className="flex h-6 items-center text-sm text-slate-500">
          {state === 'saving' && 'Saving…'}
          {state === 'saved' && (
            <span className="inline-flex items-center gap-1 text-green-700">
              <Check className="h-4 w-4" aria-hidden="true" />
              Saved
            </span>
          )}
          {state === 'queued' && <PendingSyncBadge />}
          {state === 'error' && (
            <span className="inline-flex items-center gap-2 text-red-700">
              Not saved
              <button
                type="button"
                onClick={onRetry}
                className="rounded font-medium underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                Retry
              </button>
            </span>
          )}
        </span>
      </div>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        rows={4}
        maxLength={CHECKLIST_LIMITS.remarksMax}
        placeholder="Add notes about this job: issues found, things to follow up, anything the owner should know"
        aria-describedby={statusId}
        className="mt-2"
      />
    </section>
  );
}
