import { ArrowLeft, FlaskConical } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { LazyConfirmDialog } from '../components/ui/lazy-dialog.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { CancelSubscription, SwitchPlan, TestPayment } from './billing/portal-actions.tsx';
import { CurrentSubscription } from './billing/portal-subscription.tsx';
import { useTestPortal } from './billing/use-test-portal.ts';

/**
 * Local mode's stand-in for Stripe's customer portal (/billing/test-portal): switch plan, cancel at the
 * end of the period (or resume), cancel now, and, for trying the past-due path, a failed renewal.
 * Each action reaches the plan only through the webhook, as with Stripe.
 */
export default function TestPortalPage() {
  useDocumentTitle('Test billing portal');
  const { siteName } = getPublicConfig();
  const { portal, act, confirmCancel, setConfirmCancel } = useTestPortal();

  const view = portal.data;
  const subscription = view?.subscription ?? null;
  const live = subscription && subscription.status !== 'canceled';
  return (
    <PageContainer>
      <div className="mx-auto max-w-2xl">
        <Link
          href={view?.returnUrl ?? '/dashboard'}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Return to {siteName}
        </Link>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Test billing portal</h1>
        <p className="mt-2 flex items-start gap-2 text-sm text-amber-900">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Test mode: these buttons stand in for Stripe's customer portal. No card is involved.
        </p>

        <CurrentSubscription portal={portal} />

        {live && subscription && (
          <>
            <SwitchPlan
              current={{ tier: subscription.tier, interval: subscription.interval }}
              pending={act.isPending}
              onSwitch={(tier, interval) => void act.mutate({ action: 'switch', tier, interval })}
            />
            <CancelSubscription
              subscription={subscription}
              act={act}
              onCancelNow={() => setConfirmCancel(true)}
            />
            <TestPayment subscription={subscription} act={act} />
          </>
        )}
      </div>
      <LazyConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel the subscription now?"
        description="The plan ends at once and the account returns to Free. Every checklist is kept."
        confirmLabel="Cancel now"
        cancelLabel="Keep subscription"
        destructive
        pending={act.isPending}
        onConfirm={() => void act.mutate({ action: 'cancel_now' })}
      />
    </PageContainer>
  );
}
