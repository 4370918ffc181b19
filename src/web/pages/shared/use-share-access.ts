import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ResendResponse,
  SharedChecklistResponse,
  VerificationStatus,
  VerifyResponse,
} from '#domain/sharing';
import type { ChecklistCache } from '../../hooks/use-checklist-actions.ts';
import { apiRequest } from '../../lib/api.ts';
import { OFFLINE_KEEP_MS } from '../../lib/query-client.ts';

/**
 * A recipient's calls (docs/api.md "Sharing"). Their keys are not the owner's: a recipient's copy of
 * a checklist is the share's answer, cached by the share's token.
 */
export const sharedKeys = {
  status: (token: string) => ['/api/verification/status', token] as const,
  checklist: (token: string) => ['/api/shared/checklist', token] as const,
};

/** Whether this browser has verified the share. Asked afresh on every visit: access can be revoked. */
export function useVerificationStatus(token: string) {
  return useQuery({
    queryKey: sharedKeys.status(token),
    queryFn: ({ signal }) =>
      apiRequest<VerificationStatus>(
        'GET',
        `/api/verification/status/${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    // One more try, then the code dialog (spec section 4): a recipient is never left waiting on it.
    retry: 1,
    retryDelay: 1000,
  });
}

export function useSharedChecklist(token: string, enabled: boolean) {
  return useQuery({
    queryKey: sharedKeys.checklist(token),
    queryFn: ({ signal }) =>
      apiRequest<SharedChecklistResponse>(
        'GET',
        `/api/shared/checklist?token=${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
    enabled,
    // Others tick the same checklist: whenever it is asked for (once the status allows it, on focus), it
    // is asked of the server; a copy kept from the last visit only shows until the answer comes.
    staleTime: 0,
    gcTime: OFFLINE_KEEP_MS,
  });
}

// Never retried on their own: a verify try counts against the code, and a resend sends a message.
export function useVerifyCode(token: string) {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<VerifyResponse>('POST', '/api/verification/verify', { token, code }),
    retry: false,
  });
}

export function useResendCode(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<ResendResponse>('POST', '/api/verification/resend', { token }),
    retry: false,
  });
}

/** The recipient's checklist inside the share's cached answer; nothing of the owner's cache is touched. */
export function sharedChecklistCache(token: string, checklistId: string): ChecklistCache {
  const key = sharedKeys.checklist(token);
  return {
    checklistId,
    key,
    context: { kind: 'share', token },
    read: (queryClient) => queryClient.getQueryData<SharedChecklistResponse>(key)?.checklist,
    write: (queryClient, change) =>
      queryClient.setQueryData<SharedChecklistResponse>(
        key,
        (old) => old && { ...old, checklist: change(old.checklist) },
      ),
    refreshRelated: () => Promise.resolve(),
  };
}
