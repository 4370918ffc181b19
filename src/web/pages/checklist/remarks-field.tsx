import { Check } from 'lucide-react';
import { useId } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { Textarea } from '../../components/ui/field.tsx';
import type { RemarksSaveState } from '../../hooks/use-remarks-autosave.ts';
import { useT } from '../../i18n/i18n.tsx';

/** The 'Notes & Remarks' textarea with a small save indicator. */
export function RemarksField({
  value,
  onChange,
  state,
  onRetry,
  onBlur,
  translation,
}: {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  state: RemarksSaveState;
  onRetry(): void;
  /** The remarks machine-translated into the page's language, shown above the text as written. */
  translation?: string | null;
}) {
  const id = useId();
  const t = useT();
  const statusId = `${id}-status`;
  return (
    <section className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-lg font-semibold text-slate-900">
          {t('remarks.label')}
        </label>
        <span id={statusId} role="status" className="flex h-6 items-center text-sm text-slate-500">
          {state === 'saving' && t('remarks.saving')}
          {state === 'saved' && (
            <span className="inline-flex items-center gap-1 text-green-700">
              <Check className="h-4 w-4" aria-hidden="true" />
              {t('remarks.saved')}
            </span>
          )}
          {state === 'queued' && <PendingSyncBadge />}
          {state === 'error' && (
            <span className="inline-flex items-center gap-2 text-red-700">
              {t('remarks.notSaved')}
              <button
                type="button"
                onClick={onRetry}
                className="rounded font-medium underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {t('remarks.retry')}
              </button>
            </span>
          )}
        </span>
      </div>
      {translation && (
        <p
          className="mt-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm whitespace-pre-line break-words text-blue-950"
          data-testid="remarks-translation"
        >
          <span className="block text-xs font-semibold">{t('translation.title')}</span>
          {translation}
        </p>
      )}
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        rows={4}
        maxLength={CHECKLIST_LIMITS.remarksMax}
        placeholder={t('remarks.placeholder')}
        aria-describedby={statusId}
        className="mt-2"
      />
    </section>
  );
}
