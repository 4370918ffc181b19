import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A full-page spinner, for protected routes while the sign-in state loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label="Loading your account" />
    </div>
  );
}
