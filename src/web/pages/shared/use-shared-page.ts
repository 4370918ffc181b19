import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#domain/languages';
import type { VerifyResponse } from '#domain/sharing';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import { useToast } from '../../hooks/use-toast.ts';
import { languageOfSearch, useT, useUiLanguageOfPage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { drawnVerified, firstScreen } from '../../lib/first-screen.ts';
import { onFirstInteraction } from '../../lib/lazy-chunk.tsx';
import { sharedKeys } from '../../sync/index.ts';
import { pageAnswersUsed, takeCodeAccepted, takePageAnswers } from './page-answers.ts';
import { keptLanguage, useSharedChecklist, useVerificationStatus } from './use-share-access.ts';

/** The spec's pause between a right code and the checklist (section 4: "after about 1 second"). */
export const VERIFIED_LOAD_DELAY_MS = 1000;

export type View = 'loading' | 'code' | 'checklist' | 'failed' | 'not-found';

/** Which screen the page shows, from what is known of this browser's access and the checklist. */
function chooseView(page: {
  verifiedHere: boolean;
  pauseOver: boolean;
  shareGone: boolean;
  trusted: boolean;
  accessLost: boolean;
  hasChecklist: boolean;
  checklistFailed: boolean;
  /** The status could not be asked: offline, or the server cannot be reached. */
  statusUnreachable: boolean;
  statusKnown: boolean;
}): View {
  if (page.verifiedHere && !page.pauseOver) return 'code';
  if (page.shareGone) return 'not-found';
  if (page.trusted && !page.accessLost) {
    return page.hasChecklist ? 'checklist' : page.checklistFailed ? 'failed' : 'loading';
  }
  // Offline, or the server cannot be reached: the copy this browser kept from its last verified visit.
  if (page.hasChecklist && page.statusUnreachable) return 'checklist';
  // While the status is asked, the screen the server drew: the code dialog (which takes the code at
  // once), or the checklist's skeleton for a browser it found verified on this link.
  if (!page.statusKnown) return firstScreen() === 'code' ? 'code' : 'loading';
  return 'code';
}

/**
 * The recipient's page: this browser's verification status and the checklist, the page's language,
 * which screen shows, and what a right code does.
 */
export function useSharedPage(token: string) {
  const requested = languageOfSearch(useSearch());
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  // The server found this browser verified and put both first answers in the page: taken as fetched.
  const [fromPage] = useState(() => takePageAnswers(queryClient, token));
  useEffect(() => pageAnswersUsed(), []);
  const status = useVerificationStatus(token, fromPage);
  // When a code was accepted on this page (a time, so that a second verification restarts the pause).
  const [verifiedAt, setVerifiedAt] = useState<number | null>(null);
  const [verifiedLanguage, setVerifiedLanguage] = useState<LanguageCode | null>(null);
  const [pauseOver, setPauseOver] = useState(false);
  const verifiedHere = verifiedAt !== null;

  // Only an answer from this visit counts: a remembered "verified" may have been revoked since.
  const statusKnown = status.isFetchedAfterMount || fromPage;
  const verifiedBefore = statusKnown && status.data?.verified === true;
  // The page's language: the link's `lang`, else the share's own (known once this browser is verified).
  const shareLanguage = verifiedLanguage ?? (status.data?.verified ? status.data.targetLanguage : null);
  const [kept] = useState(() => keptLanguage(queryClient, token));
  const language = requested ?? shareLanguage ?? kept ?? DEFAULT_LANGUAGE;
  useUiLanguageOfPage(language);
  const t = useT();
  // The server drew the skeleton because this browser holds a live grant on the link: the checklist is
  // asked for beside the status, not after it (one round trip less before it shows, on a phone).
  const expectedVerified = !statusKnown && drawnVerified();
  const trusted = verifiedBefore || verifiedHere;
  const shared = useSharedChecklist(token, language, trusted || expectedVerified, fromPage);
  // A failure of that early ask counts only once the status confirms the grant (revoked meanwhile?).
  const error = trusted && isApiError(shared.error) ? shared.error : null;
  const accessLost = error?.status === 401;
  const shareGone = error?.code === 'share_not_found';

  // The checklist is drawn in a transition (under React in slices, the page answering taps meanwhile;
  // Preact, decision 0070, draws it in one task and hydrates the tasks in a piece of their own): its first
  // drawing is the page's longest task on a phone (Lighthouse mobile TBT on the verified view). Over
  // the server's skeleton that is after hydration (which draws what the HTML has); the checklist the
  // server drew is hydrated as it is.
  const shown = useDeferredValue(shared.data, firstScreen() === 'verified' ? null : undefined);

  const view = chooseView({
    verifiedHere,
    pauseOver,
    shareGone,
    trusted,
    accessLost,
    hasChecklist: Boolean(shared.data),
    checklistFailed: shared.isError,
    statusUnreachable: status.fetchStatus === 'paused' || (status.isError && !isApiError(status.error)),
    statusKnown,
  });

  function onVerified(response: VerifyResponse) {
    setVerifiedLanguage(response.targetLanguage);
    // The copy is asked for at once (the cookie came with the answer) and shown after the pause; work
    // kept on this device while the access had ended is sent now.
    void queryClient.resetQueries({ queryKey: sharedKeys.checklists(token) });
    void queue.flush();
    setPauseOver(false);
    setVerifiedAt(Date.now());
  }

  return {
    view,
    language,
    t,
    status,
    statusKnown,
    shared,
    shown,
    fromPage,
    verifiedAt,
    setPauseOver,
    /** Drawn as the checklist's skeleton while it loads (else the page's own 'loading'). */
    expectsChecklist: verifiedBefore || verifiedHere || drawnVerified(),
    accessEnded: accessLost || (status.data?.verified === false && status.data.expired),
    onVerified,
  };
}

/**
 * What the page does once it has drawn a screen: fetch the checklist's code when it will be wanted,
 * drop a copy this browser may no longer see, end the pause after a right code, and say what loaded
 * or failed.
 */
export function useSharedPageEffects(
  token: string,
  page: ReturnType<typeof useSharedPage>,
  loadChecklistContent: () => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { view, status, statusKnown, shared, verifiedAt, setPauseOver, t } = page;

  // A verified browser needs the checklist's code now; one at the code dialog needs it once the person
  // starts on the code (they fetch it from their message meanwhile), and a visit that only looks
  // never downloads it (a phone's first visit: issue 15's bytes).
  const atCodeDialog = view === 'code';
  useEffect(() => {
    if (!atCodeDialog) {
      void loadChecklistContent();
      return;
    }
    return onFirstInteraction(() => void loadChecklistContent());
  }, [atCodeDialog, loadChecklistContent]);

  // A browser without access keeps no copy of the checklist from an earlier visit.
  const notVerified = statusKnown && status.data?.verified === false;
  useEffect(() => {
    if (notVerified) queryClient.removeQueries({ queryKey: sharedKeys.checklists(token) });
  }, [notVerified, queryClient, token]);

  useEffect(() => {
    if (verifiedAt === null) return;
    const timer = window.setTimeout(() => setPauseOver(true), VERIFIED_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verifiedAt, setPauseOver]);

  // 'Loaded' is said of a load the person waited for (after the code, or the page asking): a page that
  // came with its checklist (page-answers.ts) had none to wait for, and the toast would be its largest
  // and last paint on a phone (issue 15: it was the verified page's LCP, 2 s after the checklist).
  // Right after a code was accepted the person did wait, even when the page came with its checklist.
  const [justAccepted] = useState(takeCodeAccepted);
  const loadedToast = useRef(page.fromPage && !justAccepted);
  const fresh = view === 'checklist' && (shared.isFetchedAfterMount || justAccepted) && !shared.isError;
  useEffect(() => {
    if (!fresh || loadedToast.current) return;
    loadedToast.current = true;
    toast({ title: t('common.success'), description: t('shared.loadedToast') });
  }, [fresh, toast, t]);

  useEffect(() => {
    if (view === 'failed') {
      console.warn('Loading the shared checklist failed', shared.error);
      toast({ title: t('common.error'), description: t('shared.loadFailedToast'), variant: 'destructive' });
    } else if (view === 'not-found') {
      toast({ title: t('common.error'), description: t('shared.notFound'), variant: 'destructive' });
    }
  }, [view, toast, shared.error, t]);
}
