import { translate, uiLanguage } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? translate('common.loading')}</span>
    </span>
  );
}

/** A full-page spinner, for protected routes while the sign-in state loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      {/* Also the fallback while a recipient's page loads: said in the page's language there. */}
      <Spinner label={uiLanguage() === 'en' ? 'Loading your account' : undefined} />
    </div>
  );
}
