import { Skeleton } from '../../components/ui/skeleton.tsx';
import { translate } from '../../i18n/i18n.tsx';

// Its own module: the shared page shows it before it loads anything that needs the checklist rules.
/** The header and task placeholders while the checklist loads, sized like the real thing. */
export function ChecklistDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label={translate('checklist.loading')}>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Skeleton className="my-1 h-6 w-64 max-w-full sm:h-7" />
        <Skeleton className="h-5 w-24 rounded-full sm:mt-2" />
      </div>
      <Skeleton className="mt-4 h-5 w-40" />
      <Skeleton className="mt-2 h-2.5 w-full rounded-full" />
      <div className="mt-8 space-y-2">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}
