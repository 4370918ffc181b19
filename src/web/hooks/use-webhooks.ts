import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookDelivery } from '#domain/integrations-response';
import type { WebhookInput, WebhookPatch } from '#domain/webhooks';
import { apiRequest } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team's webhook endpoints (GET /api/webhooks), each one's delivery log, and what the
 * Developers settings do with them: add (the signing secret comes this once), change (on/off), delete,
 * 'Send test event' and 'Retry'. Never queued offline (networkMode 'always', no retry).
 */

export const WEBHOOKS_KEY = ['/api/webhooks'] as const;
/** While a log is open it is asked again this often: deliveries are sent and retried in the background. */
export const DELIVERIES_POLL_MS = 3_000;

export type WebhookCreated = { webhook: Webhook; secret: string };

const NOW = { networkMode: 'always', retry: false } as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** `teamId`: the active team's, so another team's webhooks are never shown after a switch. */
export function useWebhooks(teamId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, user?.uid, teamId],
    queryFn: ({ signal }) =>
      apiRequest<{ webhooks: Webhook[] }>('GET', '/api/webhooks', undefined, { signal }),
    enabled: Boolean(user),
    select: (body) => body.webhooks,
    // The server turns an endpoint off by itself after 3 days of failures: asked again on each visit.
    staleTime: 0,
  });
}

/**
 * Not under WEBHOOKS_KEY: refreshing the list after a change must not ask again for the log of an
 * endpoint just deleted (a 404).
 */
export const deliveriesKey = (id: string) => ['/api/webhooks/deliveries', id] as const;

/** One endpoint's last deliveries, newest first, asked again every few seconds while `open`. */
export function useWebhookDeliveries(id: string, open: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) =>
      apiRequest<{ deliveries: WebhookDelivery[] }>('GET', `${path(id)}/deliveries`, undefined, { signal }),
    enabled: open,
    select: (body) => body.deliveries,
    staleTime: 0,
    refetchInterval: open ? DELIVERIES_POLL_MS : false,
  });
}

export function useWebhookActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const create = useMutation({
    ...NOW,
    mutationFn: (body: WebhookInput) => apiRequest<WebhookCreated>('POST', '/api/webhooks', body),
    onSuccess: refresh,
  });
  const update = useMutation({
    ...NOW,
    mutationFn: ({ id, patch }: { id: string; patch: WebhookPatch }) =>
      apiRequest<{ webhook: Webhook }>('PATCH', path(id), patch),
    onSuccess: refresh,
  });
  const remove = useMutation({
    ...NOW,
    // A log still being asked for would answer 404 once the endpoint is gone.
    onMutate: (id: string) => queryClient.cancelQueries({ queryKey: deliveriesKey(id) }),
    mutationFn: (id: string) => apiRequest('DELETE', path(id)),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: deliveriesKey(id) });
      return refresh();
    },
  });
  const sendTest = useMutation({
    ...NOW,
    mutationFn: (id: string) => apiRequest<{ delivery: WebhookDelivery }>('POST', `${path(id)}/test`),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
  const retry = useMutation({
    ...NOW,
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      apiRequest<{ delivery: WebhookDelivery }>(
        'POST',
        `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
      ),
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
  return { create, update, remove, sendTest, retry };
}
