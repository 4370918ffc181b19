import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

/** The join page's one card: an icon, a heading, what to know, and what to do. */
export function JoinCard({
  icon,
  tone = 'indigo',
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  tone?: 'indigo' | 'amber' | 'red';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="mx-auto mt-4 max-w-md p-6 text-center sm:mt-8 sm:p-8" data-testid={testId}>
      <span
        aria-hidden="true"
        className={cn(
          'mx-auto flex h-14 w-14 items-center justify-center rounded-full [&>svg]:h-7 [&>svg]:w-7',
          tone === 'indigo' && 'bg-indigo-100 text-indigo-700',
          tone === 'amber' && 'bg-amber-100 text-amber-700',
          tone === 'red' && 'bg-red-100 text-red-700',
        )}
      >
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance break-words text-slate-900">
        {title}
      </h1>
      <div className="mt-3 grid gap-2 text-sm leading-relaxed text-slate-600">{children}</div>
      {actions && <div className="mt-6 flex flex-col gap-2">{actions}</div>}
    </Card>
  );
}
