import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { formatMaxLists, TIER_DISPLAY_NAMES } from '#domain/plans';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSubscription } from '../../hooks/use-checklists.ts';

/** Tier badge, lists used against the maximum, languages, Upgrade for free only (spec section 2). */
export function SubscriptionCard() {
  const subscription = useSubscription();
  if (subscription.isError) return null;
  const info = subscription.data;

  const titleId = 'subscription-card-title';
  return (
    <Card className="p-5" aria-labelledby={titleId} role="region" aria-busy={!info || undefined}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          Your plan
        </h2>
        {info ? (
          <span
            data-testid="tier-badge"
            className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-300"
          >
            {TIER_DISPLAY_NAMES[info.tier] ?? TIER_DISPLAY_NAMES.free}
          </span>
        ) : (
          <Skeleton className="h-5 w-12 rounded-full" />
        )}
      </div>

      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-slate-600">Checklists</dt>
            <dd className="font-semibold text-slate-900" data-testid="lists-usage">
              {info ? (
                `${info.usage.listSyncCount} / ${formatMaxLists(info.limits.maxLists)}`
              ) : (
                <Skeleton className="h-5 w-12" />
              )}
            </dd>
          </div>
          <UsageBar used={info?.usage.listSyncCount} max={info ? info.limits.maxLists : undefined} />
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Languages</dt>
          <dd className="font-semibold text-slate-900" data-testid="languages-available">
            {info ? `${info.allowedLanguages.length} available` : <Skeleton className="h-5 w-20" />}
          </dd>
        </div>
      </dl>

      {!info ? (
        <Skeleton className="mt-5 h-10 w-full rounded-lg" />
      ) : info.tier === 'free' ? (
        <Button asChild className="mt-5 w-full">
          <Link href="/pricing">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Upgrade
          </Link>
        </Button>
      ) : null}
    </Card>
  );
}

/** A thin bar of the share of lists used; empty while loading, absent when the plan is unlimited. */
function UsageBar({ used, max }: { used: number | undefined; max: number | null | undefined }) {
  if (max === null) return null;
  const share = used !== undefined && max ? Math.min(100, Math.round((used / max) * 100)) : 0;
  const full = share >= 100;
  return (
    <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <div
        className={full ? 'h-full rounded-full bg-red-500' : 'h-full rounded-full bg-indigo-500'}
        style={{ width: `${share}%` }}
      />
    </div>
  );
}
