import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutStatus } from '#domain/billing';
import { trackEvent } from '../../lib/analytics.ts';
import { apiRequest, isApiError } from '../../lib/api.ts';

/** How long the success page waits for the webhook before it says it is still waiting. */
export const CONFIRM_WAIT_MS = 60_000;
const POLL_MS = 1_000;

/**
 * The checkout coming back from the provider, polled until the server has its plan live (or it
 * expired), for at most CONFIRM_WAIT_MS; once confirmed, the plan is read again everywhere and counted.
 */
export function useCheckoutConfirmation(sessionId: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const recorded = useRef(false);

  const checkout = useQuery({
    queryKey: ['/api/billing/checkout', sessionId],
    queryFn: ({ signal }) =>
      apiRequest<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(sessionId)}`, undefined, {
        signal,
        cache: 'no-store',
      }),
    enabled: Boolean(sessionId) && signedIn,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 3,
    refetchInterval: (query) =>
      query.state.data?.confirmed || query.state.data?.status === 'expired' || gaveUp ? false : POLL_MS,
    gcTime: 0,
  });
  const data = checkout.data;

  useEffect(() => {
    if (data?.confirmed || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, startedAt + CONFIRM_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [data?.confirmed, gaveUp, startedAt]);

  useEffect(() => {
    if (!data?.confirmed || recorded.current) return;
    recorded.current = true;
    // The dashboard's plan card and every limit show the new plan at once.
    void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
    trackEvent('subscription_success', { tier: data.tier, interval: data.interval });
  }, [data, queryClient]);

  function checkAgain() {
    setGaveUp(false);
    void checkout.refetch();
  }

  return { checkout, data, gaveUp, checkAgain };
}
