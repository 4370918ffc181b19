import { useCallback, useState } from 'react';
import { BILLING_MESSAGES, type BillingInterval, type PaidTier, type RedirectAnswer } from '#domain/billing';
import { trackEvent } from '../lib/analytics.ts';
import { apiRequest, isApiError } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';
import { useToast } from './use-toast.ts';

/** Where the browser is sent (Stripe's pages are another origin, the local stand-ins are ours); tests replace it. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export function goTo(url: string): void {
  navigation.assign(url);
}

/** The spec's toasts (section 8) for a failed checkout or portal call. */
export function billingFailure(error: unknown): { title: string; description: string } {
  if (isApiError(error) && error.status === 401) {
    return { title: BILLING_MESSAGES.authRequiredTitle, description: BILLING_MESSAGES.authRequired };
  }
  const description = (isApiError(error) && error.serverMessage) || BILLING_MESSAGES.errorFallback;
  return { title: BILLING_MESSAGES.errorTitle, description };
}

/**
 * A call that answers `{url}` and then leaves the page: pending from the click until the page is
 * gone (the button keeps saying so), or until it fails with the spec's toast. A plain state rather
 * than a query mutation, so the pages that use it add nothing to the code every page shares.
 */
function useRedirectCall<T>(call: (input: T) => Promise<RedirectAnswer>) {
  const { toast } = useToast();
  const [pending, setPending] = useState<T | null>(null);
  const run = useCallback(
    async (input: T) => {
      setPending(input);
      try {
        goTo((await call(input)).url);
      } catch (error) {
        setPending(null);
        toast({ ...billingFailure(error), variant: 'destructive' });
      }
    },
    [call, toast],
  );
  return { pending, isPending: pending !== null, run };
}

/** POST /api/create-subscription (with the spec's userId and email), then off to the checkout. */
export function useCheckout() {
  const { user } = useAuth();
  const call = useCallback(
    async (plan: { tier: PaidTier; interval: BillingInterval }) => {
      trackEvent('checkout_started', plan);
      return apiRequest<RedirectAnswer>('POST', '/api/create-subscription', {
        ...plan,
        ...(user ? { userId: user.uid, email: user.email } : {}),
      });
    },
    [user],
  );
  return useRedirectCall(call);
}

/** POST /api/billing/portal: Stripe's customer portal (or local mode's test portal). */
export function usePortal() {
  const call = useCallback(async (source: string) => {
    trackEvent('billing_portal_opened', { source });
    return apiRequest<RedirectAnswer>('POST', '/api/billing/portal');
  }, []);
  return useRedirectCall(call);
}

/** A local test checkout's button: POST …/complete or …/cancel, then where the server says. */
export function useTestCheckoutAction(sessionId: string) {
  const call = useCallback(
    (action: 'complete' | 'cancel') =>
      apiRequest<RedirectAnswer>(
        'POST',
        `/api/billing/test-checkout/${encodeURIComponent(sessionId)}/${action}`,
      ),
    [sessionId],
  );
  return useRedirectCall(call);
}
