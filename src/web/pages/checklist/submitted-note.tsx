import { CheckCircle2 } from 'lucide-react';
import { PendingSyncBadge } from '../../components/pending-sync.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** Shown once the checklist is submitted: sent, or kept on this device until it syncs. */
export function SubmittedNote({ pending }: { pending: boolean }) {
  const t = useT();
  return (
    <p
      className="mt-4 flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
      data-testid="submitted-note"
    >
      <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
      {pending ? (
        <>
          <span className="flex-1">{t('checklist.submitPending')}</span>
          <PendingSyncBadge />
        </>
      ) : (
        t('checklist.submitted')
      )}
    </p>
  );
}
