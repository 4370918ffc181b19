import { Lock } from 'lucide-react';
import { formatPlanPrice, type TestCheckoutView } from '#domain/billing';
import { Button } from '../../components/ui/button.tsx';
import type { useTestCheckoutAction } from '../../hooks/use-billing.ts';

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium break-all text-slate-900">{value}</dd>
    </div>
  );
}

/** An open test checkout: the plan, its price and trial, what is due today, and the two buttons. */
export function CheckoutOffer({
  siteName,
  view,
  act,
}: {
  siteName: string;
  view: TestCheckoutView;
  act: ReturnType<typeof useTestCheckoutAction>;
}) {
  return (
    <>
      <p className="text-sm font-medium text-slate-500">Subscribe to</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">
        {siteName} {view.planName}
      </h1>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          ${view.amount.toLocaleString('en-US')}
        </span>
        <span className="text-sm font-medium text-slate-500">per {view.interval}</span>
      </p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
        <Row
          term="Plan"
          value={`${view.planName}, billed ${view.interval === 'year' ? 'yearly' : 'monthly'}`}
        />
        <Row
          term="Free trial"
          value={
            view.trialDays > 0
              ? `${view.trialDays}-day free trial, then ${formatPlanPrice(view.tier, view.interval)}`
              : 'None (you had a subscription before)'
          }
        />
        <Row term="Due today" value={view.trialDays > 0 ? '$0.00' : `$${view.amount.toFixed(2)}`} />
        <Row term="Account" value={view.email} />
      </dl>
      <div className="mt-6 flex flex-col gap-2">
        <Button
          size="lg"
          disabled={act.isPending}
          aria-busy={act.pending === 'complete' || undefined}
          onClick={() => void act.run('complete')}
        >
          <Lock className="h-4 w-4" aria-hidden="true" />
          {act.pending === 'complete' ? 'Processing…' : 'Complete test payment'}
        </Button>
        <Button variant="secondary" size="lg" disabled={act.isPending} onClick={() => void act.run('cancel')}>
          Cancel
        </Button>
      </div>
    </>
  );
}
