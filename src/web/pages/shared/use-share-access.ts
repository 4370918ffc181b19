import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { LanguageCode } from '#domain/languages';
import type {
  ResendResponse,
  SharedChecklistResponse,
  VerificationStatus,
  VerifyResponse,
} from '#domain/sharing';
import { apiAnswer, apiRequest } from '../../lib/api.ts';
import { answerRevision, markRevision } from '../../lib/copy-revisions.ts';
import { OFFLINE_KEEP_MS } from '../../lib/query-client.ts';
import { realtimeClient, sharedKeys } from '../../sync/index.ts';
import { asWritten } from './shared-translation.ts';

/**
 * A recipient's calls (docs/api.md "Sharing"). Their keys (sharedKeys) are sync's: a recipient's copy
 * of a checklist is the share's answer, cached by the share's token (sync/shared-checklist-slot.ts).
 */

/**
 * The language of the copy of this share most recently kept on this device, if any: with no `lang`
 * on the link and no status yet (offline, or before the server answers), the page opens on it.
 */
export function keptLanguage(queryClient: QueryClient, token: string): LanguageCode | undefined {
  const [newest] = queryClient
    .getQueryCache()
    .findAll({ queryKey: sharedKeys.checklists(token) })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return newest?.queryKey[2] as LanguageCode | undefined;
}

/** While a translation is under way the copy is asked for again this often, for at most this long. */
export const TRANSLATION_POLL = { everyMs: 2000, forMs: 30_000 } as const;

/**
 * Whether this browser has verified the share. Asked afresh on every visit (access can be revoked),
 * unless the page came with the answer (`fromPage`: the server's, a moment ago; page-answers.ts).
 */
export function useVerificationStatus(token: string, fromPage = false) {
  return useQuery({
    queryKey: sharedKeys.status(token),
    queryFn: ({ signal }) =>
      apiRequest<VerificationStatus>(
        'GET',
        `/api/verification/status/${encodeURIComponent(token)}`,
        undefined,
        { signal },
      ),
    refetchOnMount: fromPage ? false : 'always',
    refetchOnWindowFocus: false,
    // One more try, then the code dialog (spec section 4): a recipient is never left waiting on it.
    retry: 1,
    retryDelay: 1000,
  });
}

/**
 * The share's checklist in `language`. The copy is kept as written with its translations beside it
 * (shared-translation.ts). While the server says a translation is under way ('pending') it is asked
 * for again every 2 s, for about 30 s at most; a change of language keeps the last copy on screen
 * until the new one arrives.
 */
export function useSharedChecklist(
  token: string,
  language: LanguageCode,
  enabled: boolean,
  /** The page came with the copy (page-answers.ts): not asked for again at once. */
  fromPage = false,
) {
  const pendingSince = useRef<number | null>(null);
  return useQuery({
    queryKey: sharedKeys.checklist(token, language),
    queryFn: async ({ signal }) => {
      const { body, headers } = await apiAnswer<SharedChecklistResponse>(
        'GET',
        `/api/shared/checklist?token=${encodeURIComponent(token)}&lang=${language}`,
        undefined,
        { signal },
      );
      // The copy knows which state of the checklist it holds (lib/copy-revisions.ts).
      return markRevision(asWritten(body), answerRevision(headers));
    },
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      if (query.state.data?.translationNote !== 'pending') {
        pendingSince.current = null;
        return false;
      }
      pendingSince.current ??= Date.now();
      return Date.now() - pendingSince.current < TRANSLATION_POLL.forMs ? TRANSLATION_POLL.everyMs : false;
    },
    // Others tick the same checklist: whenever it is asked for (once the status allows it, on focus), it
    // is asked of the server; a copy kept from the last visit only shows until the answer comes. The
    // page's own copy is the server's of a moment ago: the live connection catches up from there
    // (sync/live-messages.ts refetches once subscribed).
    staleTime: 0,
    refetchOnMount: !fromPage,
    gcTime: OFFLINE_KEEP_MS,
  });
}

// Never retried on their own: a verify try counts against the code, and a resend sends a message.
export function useVerifyCode(token: string) {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<VerifyResponse>('POST', '/api/verification/verify', { token, code }),
    retry: false,
    // The answer set a new recipient cookie: a live socket opened before carries the old one.
    onSuccess: () => realtimeClient().credentialsChanged(),
  });
}

/** 'I didn't get a code': the person who shared the link is told (decision 0024). */
export function useTellOwnerNoCode(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('POST', '/api/verification/code-not-received', { token }),
    retry: false,
  });
}

export function useResendCode(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<ResendResponse>('POST', '/api/verification/resend', { token }),
    retry: false,
  });
}
