import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '#domain/languages';
import type { ShareResponse, ShareSummary } from '#domain/sharing';
import { apiRequest } from '../lib/api.ts';
import { checklistKeys } from '../sync/index.ts';
import { refreshActivity } from './use-activity.ts';

/** The owner's side of verified sharing (docs/api.md "Sharing"): who a checklist is shared with, send, revoke. */
export const shareKeys = {
  list: checklistKeys.shares,
};

function sharesPath(checklistId: string): string {
  return `/api/checklists/${encodeURIComponent(checklistId)}/shares`;
}

/** The body of POST /api/verification/send as the dialog sends it (exactly one of email or phone). */
export interface ShareSendBody {
  checklistId: string;
  recipientName?: string;
  email?: string;
  phone?: string;
  targetLanguage: LanguageCode;
  /** The active tab's consent box: the recipient agrees to get the message (required by the server). */
  consent: boolean;
  /** A fresh token for this recipient's share: the old link stops working. */
  newLink?: boolean;
}

export function useShares(checklistId: string) {
  return useQuery({
    queryKey: shareKeys.list(checklistId),
    queryFn: ({ signal }) =>
      apiRequest<{ shares: ShareSummary[] }>('GET', sharesPath(checklistId), undefined, { signal }),
    select: (data) => data.shares,
    enabled: checklistId !== '',
  });
}

export function useSendShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareSendBody) => apiRequest<ShareResponse>('POST', '/api/verification/send', body),
    // Each send delivers a code (an SMS costs money, and the server throttles resends): never repeated
    // behind the owner's back, and never parked until the browser is back online.
    retry: false,
    networkMode: 'always',
    onSettled: (_data, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shareKeys.list(body.checklistId), exact: true }),
        refreshActivity(queryClient, body.checklistId),
      ]),
  });
}

export function useRevokeShare(checklistId: string) {
  const queryClient = useQueryClient();
  const key = shareKeys.list(checklistId);
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<void>('DELETE', `${sharesPath(checklistId)}/${encodeURIComponent(shareId)}`),
    retry: false,
    onSuccess: (_result, shareId) => {
      // The row goes at once; the refetch below confirms it.
      queryClient.setQueryData<{ shares: ShareSummary[] }>(
        key,
        (old) => old && { shares: old.shares.filter((share) => share.id !== shareId) },
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key, exact: true }),
        refreshActivity(queryClient, checklistId),
      ]),
  });
}

/**
 * 'Send new link' for one share: a new link and code to its own contact (the owner sees it masked
 * only); the old link dies, and a link locked by wrong codes is unlocked.
 */
export function useSendNewLink(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<ShareResponse>('POST', `${sharesPath(checklistId)}/${encodeURIComponent(shareId)}/new-link`),
    // A message goes out with each: never repeated behind the owner's back.
    retry: false,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shareKeys.list(checklistId), exact: true }),
        refreshActivity(queryClient, checklistId),
      ]),
  });
}
