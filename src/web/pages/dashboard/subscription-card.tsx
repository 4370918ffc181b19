import { AlertTriangle, CreditCard, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { formatMaxLists, type SubscriptionInfo, TIER_DISPLAY_NAMES } from '#domain/plans';
import { StorageMeter } from '../../components/storage-meter.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePortal } from '../../hooks/use-billing.ts';
import { useSubscription } from '../../hooks/use-checklists.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { planStatusLine } from '../billing/plan-status.ts';

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
        {info?.storage && (
          <StorageMeter
            storage={info.storage}
            canUpgrade={info.tier !== 'enterprise'}
            compact
            testId="plan-storage"
          />
        )}
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Languages</dt>
          <dd className="font-semibold text-slate-900" data-testid="languages-available">
            {info ? `${info.allowedLanguages.length} available` : <Skeleton className="h-5 w-20" />}
          </dd>
        </div>
      </dl>

      {info && <PlanState info={info} />}

      {!info ? (
        <Skeleton className="mt-5 h-10 w-full rounded-lg" />
      ) : info.tier === 'free' ? (
        <Button asChild className="mt-5 w-full">
          <Link href="/pricing" onClick={() => trackEvent('upgrade_clicked', { source: 'plan_card' })}>
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Upgrade
          </Link>
        </Button>
      ) : (
        <ManageBillingButton info={info} className="mt-5 w-full" source="plan_card" />
      )}
    </Card>
  );
}

/** Renewal, trial end or end date of a paid plan; and, over the limit, what still works and what does not. */
function PlanState({ info }: { info: SubscriptionInfo }) {
  const status = planStatusLine(info);
  const max = info.limits.maxLists;
  const over = max !== null && info.usage.listSyncCount > max;
  return (
    <>
      {status && info.status !== 'past_due' && (
        <p className="mt-3 text-sm text-slate-600" data-testid="plan-status">
          {status}
        </p>
      )}
      {over && (
        <p
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm leading-relaxed text-amber-900"
          data-testid="over-limit"
        >
          You have {info.usage.listSyncCount} checklists and the {TIER_DISPLAY_NAMES[info.tier]} plan allows{' '}
          {max}. Every checklist is kept, and you can still open, edit, share and delete them, but you can't
          create new ones until you have fewer than {max}.
        </p>
      )}
    </>
  );
}

/** 'Manage billing' for an owner with a billing account (not for a plan set by hand, nor with billing off). */
export function ManageBillingButton({
  info,
  className,
  source,
  label = 'Manage billing',
  variant = 'secondary',
}: {
  info: SubscriptionInfo;
  className?: string;
  source: string;
  label?: string;
  variant?: 'primary' | 'secondary';
}) {
  const portal = usePortal();
  if (!info.canManageBilling || getPublicConfig().billing === 'off') return null;
  return (
    <Button
      variant={variant}
      className={className}
      disabled={portal.isPending}
      aria-busy={portal.isPending || undefined}
      onClick={() => void portal.run(source)}
    >
      <CreditCard className="h-4 w-4" aria-hidden="true" />
      {portal.isPending ? 'Opening…' : label}
    </Button>
  );
}

/**
 * A renewal payment failed: the plan and its limits hold while the payment provider retries, and
 * the owner is asked to fix the card before it gives up and cancels.
 */
export function PastDueBanner() {
  const { data: info } = useSubscription();
  if (info?.status !== 'past_due') return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Your last payment failed.</strong> Update your payment method to
          keep your {TIER_DISPLAY_NAMES[info.tier]} plan. Everything keeps working while the payment is
          retried.
        </span>
      </p>
      <ManageBillingButton
        info={info}
        source="past_due_banner"
        label="Fix payment"
        variant="primary"
        className="shrink-0"
      />
    </div>
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
        className={full ? 'h-full rounded-full bg-red-500' : 'h-full w-0 rounded-full bg-indigo-500'}
        // Empty has no style attribute: the dashboard is prerendered empty, and the CSP refuses inline
        // styles in HTML (a width set by the script later is allowed).
        style={share > 0 ? { width: `${share}%` } : undefined}
      />
    </div>
  );
}
