import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenInput } from '#domain/api-access';
import type { ApiToken } from '#domain/integrations-response';
import { apiRequest } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team's API tokens (GET /api/tokens) and what the Developers settings do with them: make
 * one (its secret comes this once) and revoke one. Owners and admins of a paid team only: the page
 * does not ask otherwise. Never queued offline: a token made twice would be two tokens.
 */

export const API_TOKENS_KEY = ['/api/tokens'] as const;

export type ApiTokenCreated = { token: ApiToken; secret: string };

const NOW = { networkMode: 'always', retry: false } as const;

/** `teamId`: the active team's, so another team's tokens are never shown after a switch. */
export function useApiTokens(teamId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...API_TOKENS_KEY, user?.uid, teamId],
    queryFn: ({ signal }) => apiRequest<{ tokens: ApiToken[] }>('GET', '/api/tokens', undefined, { signal }),
    enabled: Boolean(user),
    select: (body) => body.tokens,
    // 'Last used' moves whenever a script uses a token: asked again on each visit.
    staleTime: 0,
  });
}

export function useApiTokenActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
  const create = useMutation({
    ...NOW,
    mutationFn: (body: ApiTokenInput) => apiRequest<ApiTokenCreated>('POST', '/api/tokens', body),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    ...NOW,
    mutationFn: (id: string) => apiRequest('DELETE', `/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  return { create, revoke };
}
