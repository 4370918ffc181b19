import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { type StorageUse, storageLevel, storagePercent, storageUsedOf } from '#domain/storage';
import { cn } from '../lib/cn.ts';
import { ProgressBar } from './ui/progress-bar.tsx';

/**
 * The team's storage against its plan (docs/storage.md): on the Team settings page and on the plan
 * card. A bar and '820 MB of 1 GB'; at 80% it turns amber and says so, full it turns red and says that
 * uploads are refused, with the way to more room for whoever may change the plan. Unlimited: the
 * figure alone.
 */

const BAR: Record<ReturnType<typeof storageLevel>, string> = {
  ok: 'fill-indigo-600',
  warning: 'fill-amber-500',
  full: 'fill-red-600',
};

export const STORAGE_METER_TEXTS = {
  label: 'Storage',
  warning: (percent: number) =>
    `${percent}% of your storage is used. When it is full, new photos are refused, yours and your recipients'.`,
  full: "Your storage is full. New photos are refused, yours and your recipients', until you delete photos or upgrade.",
  upgrade: 'Upgrade for more storage',
  unlimited: 'Your plan has no storage limit.',
} as const;

export function StorageMeter({
  storage,
  hint,
  canUpgrade,
  compact = false,
  testId = 'storage-meter',
}: {
  storage: StorageUse;
  /** A line under the bar (what counts). */
  hint?: string;
  /** The person may change the plan: the warning and the full state link to the plans. */
  canUpgrade: boolean;
  /** The plan card's: smaller type, the notice in one line. */
  compact?: boolean;
  testId?: string;
}) {
  const level = storageLevel(storage);
  const percent = storagePercent(storage);
  const value = storageUsedOf(storage);
  return (
    <div data-testid={testId} data-level={level}>
      <div className="flex items-baseline justify-between gap-3">
        <dt className={cn('text-slate-700', compact ? 'text-sm text-slate-600' : 'text-sm font-medium')}>
          {STORAGE_METER_TEXTS.label}
        </dt>
        <dd className="text-sm font-semibold text-slate-900" data-testid={`${testId}-value`}>
          {value}
        </dd>
      </div>
      {percent !== null && (
        <ProgressBar
          label={STORAGE_METER_TEXTS.label}
          value={percent}
          valueText={`${value} (${percent}%)`}
          className="mt-2 h-2"
          barClassName={BAR[level]}
        />
      )}
      {hint && <p className="mt-1.5 text-xs text-slate-500">{hint}</p>}
      {level !== 'ok' && percent !== null && (
        <div
          role="status"
          data-testid={`${testId}-notice`}
          className={cn(
            'mt-2 flex gap-2 rounded-lg border px-3 py-2 text-xs leading-relaxed',
            level === 'full'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-amber-300 bg-amber-50 text-amber-950',
          )}
        >
          <AlertTriangle
            className={cn('mt-0.5 h-4 w-4 shrink-0', level === 'full' ? 'text-red-600' : 'text-amber-600')}
            aria-hidden="true"
          />
          <span>
            {level === 'full' ? STORAGE_METER_TEXTS.full : STORAGE_METER_TEXTS.warning(percent)}
            {canUpgrade && (
              <>
                {' '}
                <Link href="/pricing" className="font-semibold underline underline-offset-2">
                  {STORAGE_METER_TEXTS.upgrade}
                </Link>
              </>
            )}
          </span>
        </div>
      )}
    </div>
  );
}
