import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Checklist } from '#domain/checklist';
import { DueBadges, DueText } from '../../components/due-badges.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatPercent, useT, useUiLanguage } from '../../i18n/i18n.tsx';

export function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-2 text-slate-600">
      <Link href="/dashboard">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

/** Name (and a line under it, such as who shared it), status badge and progress bar of the detail page. */
export function ChecklistHeader({
  checklist,
  byline,
  notice,
  people,
}: {
  checklist: Checklist;
  byline?: ReactNode;
  /** Said under the name: an edit or a deletion kept on this device and not synced yet. */
  notice?: ReactNode;
  /** Who made it and who works on it (the owner's page). */
  people?: ReactNode;
}) {
  const done = checklist.tasks.filter((task) => task.completed).length;
  const total = checklist.tasks.length;
  const t = useT();
  const language = useUiLanguage();
  return (
    <header className="mt-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h1 dir="auto" className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {checklist.name}
          </h1>
          {byline && <p className="mt-1 text-sm break-words text-slate-600">{byline}</p>}
          {checklist.dueAt && (
            <p className="mt-1 text-sm">
              <DueText checklist={checklist} />
            </p>
          )}
          {notice}
          {people}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1.5 self-start sm:mt-2">
          <DueBadges checklist={checklist} className="sm:text-sm" />
          <StatusBadge status={checklist.status} progress={checklist.progress} className="sm:text-sm" />
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span data-testid="task-count">{t('checklist.tasksDone', { done, total })}</span>
          <span className="font-semibold text-slate-900">{formatPercent(checklist.progress, language)}</span>
        </div>
        <ProgressBar
          label={t('checklist.progress')}
          value={checklist.progress}
          className="mt-2 h-2.5"
          barClassName={checklist.status === 'completed' ? 'fill-green-500' : 'fill-indigo-600'}
        />
      </div>
    </header>
  );
}
