import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { teamFailure } from '../../hooks/use-team-actions.ts';

/** A section's title, what it is for, and its 'add' button (hidden while its form is open). */
export function SectionHeader({
  icon: Icon,
  title,
  children,
  addLabel,
  onAdd,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  addLabel: string;
  /** Undefined while the form is open. */
  onAdd: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" /> {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
      {onAdd && (
        <Button onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
        </Button>
      )}
    </div>
  );
}

/** A section's list as its query stands: loading, failed (with why), empty (with what to do), or the rows. */
export function ListBody<Item>({
  query,
  label,
  empty,
  emptyTestId,
  children,
}: {
  query: UseQueryResult<Item[]>;
  /** The list's accessible name ('API tokens'), and what failed to load. */
  label: string;
  empty: string;
  emptyTestId: string;
  children(items: Item[]): ReactNode;
}) {
  if (query.isLoading) return <Skeleton className="mt-4 h-16 w-full" />;
  if (query.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700">
        The {label.toLowerCase()} could not be loaded. {teamFailure(query.error)}
      </p>
    );
  }
  if (!query.data?.length) {
    return (
      <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={label}>
      {children(query.data)}
    </ul>
  );
}

/**
 * A section's 'add' flow: its form is open or not, and what the last one made (the secret, shown
 * once) until 'Done'. Opening the form again forgets the last secret.
 */
export function useAddFlow<Made>() {
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  return {
    adding,
    made,
    /** SectionHeader's onAdd: undefined while the form is open. */
    start: adding
      ? undefined
      : () => {
          setMade(null);
          setAdding(true);
        },
    cancel: () => setAdding(false),
    done(result: Made) {
      setAdding(false);
      setMade(result);
    },
    dismiss: () => setMade(null),
  };
}
