import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** The fixed bottom 'Submit Completed Checklist' button; the page leaves room for it (pb-32). */
export function SubmitBar({ onSubmit, submitting }: { onSubmit(): void; submitting: boolean }) {
  const t = useT();
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      <div className="mx-auto max-w-[calc(48rem-2rem)]">
        <Button
          size="lg"
          className="w-full"
          onClick={onSubmit}
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          <Send className="h-5 w-5 rtl:-scale-x-100" aria-hidden="true" />
          {submitting ? t('checklist.submitting') : t('checklist.submit')}
        </Button>
      </div>
    </div>
  );
}
