import { CheckCircle2, ClipboardList, Clock } from 'lucide-react';
import type { ComponentType } from 'react';
import type { DashboardStats } from '#domain/checklist';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDashboardStats } from '../../hooks/use-checklists.ts';

const CARDS: { key: keyof DashboardStats; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { key: 'activeChecklists', label: 'Active Checklists', icon: ClipboardList },
  { key: 'inProgressChecklists', label: 'In Progress', icon: Clock },
  { key: 'completedToday', label: 'Completed Today', icon: CheckCircle2 },
];

/** The three counters (spec section 2); 'today' starts at the viewer's local midnight. */
export function StatsStrip() {
  const stats = useDashboardStats();
  return (
    <ul aria-label="Checklist counts" className="grid grid-cols-3 gap-2 sm:gap-4">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card className="flex h-full flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
            <span
              className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 sm:flex"
              aria-hidden="true"
            >
              <Icon className="h-5 w-5" />
            </span>
            <div className="flex min-w-0 flex-col-reverse">
              <p className="text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</p>
              <p className="text-2xl font-bold text-slate-900 sm:text-3xl" data-testid={`stat-${key}`}>
                {stats.data ? (
                  stats.data[key]
                ) : stats.isError ? (
                  <span title="Could not be loaded">–</span>
                ) : (
                  <Skeleton className="my-1 h-6 w-8 sm:h-7" />
                )}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
