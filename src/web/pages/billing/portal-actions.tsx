import { useState } from 'react';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  formatPlanPrice,
  PAID_TIERS,
  type PaidTier,
} from '#domain/billing';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { PortalAct, PortalSubscription } from './use-test-portal.ts';

export function SwitchPlan({
  current,
  pending,
  onSwitch,
}: {
  current: { tier: PaidTier; interval: BillingInterval };
  pending: boolean;
  onSwitch(tier: PaidTier, interval: BillingInterval): void;
}) {
  const [choice, setChoice] = useState(`${current.tier}:${current.interval}`);
  const [tier, interval] = choice.split(':') as [PaidTier, BillingInterval];
  const unchanged = tier === current.tier && interval === current.interval;
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-base font-semibold text-slate-900">Switch plan</h2>
      <label htmlFor="portal-plan" className="mt-3 block text-sm font-medium text-slate-700">
        Plan and billing period
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <select
          id="portal-plan"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="h-10 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-200"
        >
          {PAID_TIERS.flatMap((t) =>
            BILLING_INTERVALS.map((i) => (
              <option key={`${t}:${i}`} value={`${t}:${i}`}>
                {TIER_DISPLAY_NAMES[t]}, {formatPlanPrice(t, i)}
              </option>
            )),
          )}
        </select>
        <Button disabled={pending || unchanged} onClick={() => onSwitch(tier, interval)}>
          Switch plan
        </Button>
      </div>
    </Card>
  );
}

/** Cancel at the end of the period (or resume), or now (asked first, by the page's dialog). */
export function CancelSubscription({
  subscription,
  act,
  onCancelNow,
}: {
  subscription: PortalSubscription;
  act: PortalAct;
  onCancelNow(): void;
}) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-base font-semibold text-slate-900">Cancel</h2>
      <p className="mt-1 text-sm text-slate-600">
        Nothing is deleted when a plan ends: over the Free plan's limit you keep every checklist but cannot
        create new ones.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {subscription.cancelAtPeriodEnd ? (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => void act.mutate({ action: 'resume' })}
          >
            Resume
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => void act.mutate({ action: 'cancel_at_period_end' })}
          >
            Cancel at period end
          </Button>
        )}
        <Button variant="destructive" disabled={act.isPending} onClick={onCancelNow}>
          Cancel now
        </Button>
      </div>
    </Card>
  );
}

/** Local mode only: a renewal that fails, and the card fixed again. */
export function TestPayment({ subscription, act }: { subscription: PortalSubscription; act: PortalAct }) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-base font-semibold text-slate-900">Payment (test only)</h2>
      <p className="mt-1 text-sm text-slate-600">
        Try what an owner sees when a renewal fails, and when the card is fixed.
      </p>
      <div className="mt-4">
        {subscription.status === 'past_due' ? (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => void act.mutate({ action: 'fix_payment' })}
          >
            Fix payment
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => void act.mutate({ action: 'fail_payment' })}
          >
            Simulate failed payment
          </Button>
        )}
      </div>
    </Card>
  );
}
