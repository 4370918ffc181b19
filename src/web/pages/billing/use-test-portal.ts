import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPlanPrice, type TestPortalAction, type TestPortalView } from '#domain/billing';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { useToast } from '../../hooks/use-toast.ts';
import { apiRequest, isApiError } from '../../lib/api.ts';

const PORTAL_KEY = ['/api/billing/test-portal'];

function describeAction(action: TestPortalAction): string {
  switch (action.action) {
    case 'switch':
      return `Switched to ${TIER_DISPLAY_NAMES[action.tier]}, ${formatPlanPrice(action.tier, action.interval)}.`;
    case 'cancel_at_period_end':
      return 'The plan ends at the end of the period.';
    case 'resume':
      return 'The plan renews again.';
    case 'cancel_now':
      return 'The plan has ended; the account is on Free.';
    case 'fail_payment':
      return 'The renewal payment failed: the subscription is past due.';
    case 'fix_payment':
      return 'The payment went through: the subscription is active.';
  }
}

/** The test portal's subscription (as the provider holds it) and its actions, each told in a toast. */
export function useTestPortal() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const portal = useQuery({
    queryKey: PORTAL_KEY,
    queryFn: ({ signal }) =>
      apiRequest<TestPortalView>('GET', '/api/billing/test-portal', undefined, { signal }),
    gcTime: 0,
  });
  const [pending, setPending] = useState(false);
  // A plain state rather than a query mutation: this page adds nothing to the code every page shares.
  const act = {
    isPending: pending,
    async mutate(action: TestPortalAction) {
      setPending(true);
      try {
        const view = await apiRequest<TestPortalView>('POST', '/api/billing/test-portal/actions', action);
        queryClient.setQueryData(PORTAL_KEY, view);
        void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        setConfirmCancel(false);
        toast({ title: 'Subscription updated', description: describeAction(action) });
      } catch (error) {
        toast({
          title: 'Could not change the subscription',
          description: (isApiError(error) && error.serverMessage) || 'Please try again.',
          variant: 'destructive',
        });
      } finally {
        setPending(false);
      }
    },
  };
  return { portal, act, confirmCancel, setConfirmCancel };
}

export type PortalAct = ReturnType<typeof useTestPortal>['act'];
export type PortalSubscription = NonNullable<TestPortalView['subscription']>;
