import type { ChecklistStatus } from '#domain/checklist';
import { formatPercent, useT, useUiLanguage } from '../i18n/i18n.tsx';
import { cn } from '../lib/cn.ts';

const COLOURS: Record<ChecklistStatus, string> = {
  completed: 'bg-green-100 text-green-800 ring-green-300',
  'in-progress': 'bg-amber-100 text-amber-900 ring-amber-300',
  'not-started': 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** 'Completed', 'In Progress ({progress}%)' or 'Not Started' (spec section 4), coloured by status. */
export function StatusBadge({
  status,
  progress,
  className,
}: {
  status: ChecklistStatus | string;
  progress?: number | null;
  className?: string;
}) {
  const colour = COLOURS[status as ChecklistStatus] ?? COLOURS['not-started'];
  const t = useT();
  const language = useUiLanguage();
  // The spec's words in English ('Completed', 'In Progress (40%)', 'Not Started'), the page's otherwise.
  const text =
    status === 'completed'
      ? t('status.completed')
      : status === 'in-progress'
        ? t('status.inProgress', { progress: formatPercent(progress ?? 0, language) })
        : t('status.notStarted');
  return (
    <span
      data-testid="status-badge"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        colour,
        className,
      )}
    >
      {text}
    </span>
  );
}
