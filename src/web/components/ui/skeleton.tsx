import { cn } from '../../lib/cn.ts';

/** A grey placeholder sized like the content it stands for, so nothing moves when the content arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200', className)} />;
}
