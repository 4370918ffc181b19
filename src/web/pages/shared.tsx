import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#domain/languages';
import type { VerifyResponse } from '#domain/sharing';
import { useDocumentTitle } from '../components/page.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useOfflineQueue } from '../hooks/use-offline-queue.tsx';
import { useToast } from '../hooks/use-toast.ts';
import { languageOfSearch, useT, useUiLanguageOfPage } from '../i18n/i18n.tsx';
import { isApiError } from '../lib/api.ts';
import { drawnVerified, firstScreen } from '../lib/first-screen.ts';
import { ChunkBoundary, lazyChunk, onFirstInteraction } from '../lib/lazy-chunk.tsx';
import { sharedKeys } from '../sync/index.ts';
import { ChecklistDetailSkeleton } from './checklist/checklist-skeleton.tsx';
import { CodeDialog } from './shared/code-dialog.tsx';
import { LanguageSwitch } from './shared/language-switch.tsx';
import { pageAnswersUsed, takePageAnswers } from './shared/page-answers.ts';
import {
  SharedLoadFailed,
  SharedLoading,
  SharedNotFound,
  VerificationExplainer,
} from './shared/shared-states.tsx';
import { translatedChecklist } from './shared/shared-translation.ts';
import { keptLanguage, useSharedChecklist, useVerificationStatus } from './shared/use-share-access.ts';

/** The spec's pause between a right code and the checklist (section 4: "after about 1 second"). */
export const VERIFIED_LOAD_DELAY_MS = 1000;

// The checklist itself (its rules, the photo and confirm dialogs) is a chunk of its own: a recipient on
// a phone sees the code dialog without waiting for it. It is fetched as soon as the page opens.
const checklistContent = lazyChunk(() =>
  import('./shared/shared-checklist-content.tsx').then((module) => module.default),
);
const loadChecklistContent = checklistContent.preload;

/**
 * What the page's first render needs beside its own code: the checklist's chunk when the server drew
 * the checklist (hydration draws it at once; routes.tsx waits for this).
 */
export function firstScreenReady(): Promise<unknown> {
  return firstScreen() === 'checklist' ? loadChecklistContent() : Promise.resolve();
}

/** The server's prerender loads it once, before it draws any verified recipient's checklist. */
export const preloadChecklistContent = loadChecklistContent;

type View = 'loading' | 'code' | 'checklist' | 'failed' | 'not-found';

/**
 * /shared/{token} and /shared/checklist/{token}: a recipient's page (spec sections 2 and 4). The
 * browser's verification status decides: a verified browser gets the checklist, any other the code
 * dialog (also when the status cannot be had). No account, and nothing of the owner's app.
 */
export default function SharedChecklistPage() {
  const { token = '' } = useParams<{ token: string }>();
  const requested = languageOfSearch(useSearch());
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  const { toast } = useToast();
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

  // The checklist is drawn in a transition (in slices, the page answering taps meanwhile): its first
  // drawing is the page's longest task on a phone (Lighthouse mobile TBT on the verified view). Over
  // the server's skeleton that is after hydration (which draws what the HTML has); the checklist the
  // server drew is hydrated as it is.
  const shown = useDeferredValue(shared.data, firstScreen() === 'verified' ? null : undefined);

  let view: View;
  if (verifiedHere && !pauseOver) view = 'code';
  else if (shareGone) view = 'not-found';
  else if (trusted && !accessLost) {
    view = shared.data ? 'checklist' : shared.isError ? 'failed' : 'loading';
  } else if (
    shared.data &&
    (status.fetchStatus === 'paused' || (status.isError && !isApiError(status.error)))
  ) {
    // Offline, or the server cannot be reached: the copy this browser kept from its last verified visit.
    view = 'checklist';
  } else if (!statusKnown) {
    // While the status is asked, the screen the server drew: the code dialog (which takes the code at
    // once), or the checklist's skeleton for a browser it found verified on this link.
    view = firstScreen() === 'code' ? 'code' : 'loading';
  } else view = 'code';

  useDocumentTitle(
    view === 'checklist' && shared.data
      ? translatedChecklist(shared.data.checklist, shared.data.translations).name
      : t('shared.pageTitle'),
  );

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
  }, [atCodeDialog]);

  // A browser without access keeps no copy of the checklist from an earlier visit.
  const notVerified = statusKnown && status.data?.verified === false;
  useEffect(() => {
    if (notVerified) queryClient.removeQueries({ queryKey: sharedKeys.checklists(token) });
  }, [notVerified, queryClient, token]);

  useEffect(() => {
    if (verifiedAt === null) return;
    const timer = window.setTimeout(() => setPauseOver(true), VERIFIED_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verifiedAt]);

  // 'Loaded' is said of a load the person waited for (after the code, or the page asking): a page that
  // came with its checklist (page-answers.ts) had none to wait for, and the toast would be its largest
  // and last paint on a phone (issue 15: it was the verified page's LCP, 2 s after the checklist).
  const loadedToast = useRef(fromPage);
  const fresh = view === 'checklist' && shared.isFetchedAfterMount && !shared.isError;
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

  function onVerified(response: VerifyResponse) {
    setVerifiedLanguage(response.targetLanguage);
    // The copy is asked for at once (the cookie came with the answer) and shown after the pause; work
    // kept on this device while the access had ended is sent now.
    void queryClient.resetQueries({ queryKey: sharedKeys.checklists(token) });
    void queue.flush();
    setPauseOver(false);
    setVerifiedAt(Date.now());
  }

  const accessEnded = accessLost || (status.data?.verified === false && status.data.expired);
  return (
    <PageMain>
      {view !== 'code' && <LanguageSwitch language={language} />}
      {view === 'loading' &&
        (verifiedBefore || verifiedHere || drawnVerified() ? <ChecklistDetailSkeleton /> : <SharedLoading />)}
      {view === 'code' && (
        <>
          <VerificationExplainer />
          <CodeDialog
            token={token}
            accessEnded={accessEnded}
            onVerified={onVerified}
            aside={<LanguageSwitch language={language} />}
          />
        </>
      )}
      {view === 'failed' && <SharedLoadFailed />}
      {view === 'not-found' && <SharedNotFound />}
      {view === 'checklist' &&
        (shown ? (
          // The chunk could not be fetched (the connection dropped): the failure view, not a blank page.
          <ChunkBoundary
            chunk={checklistContent}
            fallback={<ChecklistDetailSkeleton />}
            failed={<SharedLoadFailed />}
            onLoadFailed={(error) => console.warn('Loading the shared checklist view failed', error)}
          >
            <checklistContent.Component token={token} shared={shown} language={language} />
          </ChunkBoundary>
        ) : (
          <ChecklistDetailSkeleton />
        ))}
    </PageMain>
  );
}

/**
 * The page's frame. The checklist the server drew is read before the page's code runs, and used
 * after: until then it is inert, since a box ticked or a note typed would look done and not be
 * (nothing would send it). Its own component, so that the render after hydration that lifts it
 * redraws the frame alone (its children are the same elements), not the whole checklist at once.
 */
function PageMain({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <main
      className="mx-auto w-full max-w-3xl px-4 pt-4 pb-32 sm:pt-8"
      inert={!hydrated && firstScreen() === 'checklist'}
    >
      {children}
    </main>
  );
}
