import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import {
  isAtPlanLimit,
  PLAN_LIMIT_TITLE,
  PLAN_LIMITS,
  planLimitMessage,
  type SubscriptionInfo,
} from '#domain/plans';
import { trackEvent } from '../lib/analytics.ts';
import { type ApiError, isApiError } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';
import { subscriptionKey, useSubscription } from './use-checklists.ts';
import { useOfflineQueue } from './use-offline-queue.tsx';
import { useToast } from './use-toast.ts';

/**
 * The plan limit as the spec has it for anything that makes a checklist (creating one, from a template,
 * a duplicate): checked first, and when reached a toast ('Checklist Limit Reached') and /pricing. The
 * server decides in the end: its 403 plan_limit_reached gets the same answer.
 */
export function usePlanLimit() {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  // Asked for here (so it is there to check), but read only when a button asks: the page that holds
  // this hook (the whole dashboard) is not drawn again each time the answer changes.
  const subscription = useSubscription({ quiet: true });
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? null;
  const queue = useOfflineQueue();
  /** The answer as it is now (the hook's own result is the one of its last render). */
  const current = () =>
    uid === null ? undefined : queryClient.getQueryData<SubscriptionInfo>(subscriptionKey(uid));

  const limitReached = useCallback(
    (limit: number) => {
      toast({ title: PLAN_LIMIT_TITLE, description: planLimitMessage(limit), variant: 'destructive' });
      trackEvent('upgrade_clicked', { source: 'limit_reached' });
      navigate('/pricing');
    },
    [navigate, toast],
  );

  /** Whether there is room for one more checklist; when not, says so and goes to /pricing. */
  async function hasRoom(): Promise<boolean> {
    // Checklists created on this device and not synced yet count too.
    const waiting = () =>
      queue.getState().ops.filter((op) => op.kind === 'create' && op.userId === uid).length;
    const full = (count: number, max: number | null) => isAtPlanLimit(count + waiting(), max);
    let info = current();
    if (info && full(info.usage.listSyncCount, info.limits.maxLists) && onlineManager.isOnline()) {
      info = (await subscription.refetch()).data ?? info;
    }
    if (info && full(info.usage.listSyncCount, info.limits.maxLists)) {
      limitReached(info.limits.maxLists);
      return false;
    }
    return true;
  }

  /** The server's refusal for the plan limit, answered as the spec says; whether it was one. */
  function handledLimit(error: unknown): error is ApiError {
    if (!isApiError(error) || error.code !== 'plan_limit_reached') return false;
    const body = error.body as { error?: { limit?: unknown } } | null;
    const limit = body?.error?.limit;
    limitReached(
      typeof limit === 'number' ? limit : (current()?.limits.maxLists ?? PLAN_LIMITS.free.maxLists ?? 0),
    );
    return true;
  }

  return { limitReached, hasRoom, handledLimit };
}
