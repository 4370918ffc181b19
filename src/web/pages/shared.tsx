import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { useDocumentTitle } from '../components/page.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { firstScreen } from '../lib/first-screen.ts';
import { ChunkBoundary, lazyChunk } from '../lib/lazy-chunk.tsx';
import { ChecklistDetailSkeleton } from './checklist/checklist-skeleton.tsx';
import { CodeDialog } from './shared/code-dialog.tsx';
import { LanguageSwitch } from './shared/language-switch.tsx';
import {
  SharedLoadFailed,
  SharedLoading,
  SharedNotFound,
  VerificationExplainer,
} from './shared/shared-states.tsx';
import { translatedChecklist } from './shared/shared-translation.ts';
import { useSharedPage, useSharedPageEffects } from './shared/use-shared-page.ts';

export { VERIFIED_LOAD_DELAY_MS } from './shared/use-shared-page.ts';

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

/**
 * /shared/{token} and /shared/checklist/{token}: a recipient's page (spec sections 2 and 4). The
 * browser's verification status decides: a verified browser gets the checklist, any other the code
 * dialog (also when the status cannot be had). No account, and nothing of the owner's app.
 */
export default function SharedChecklistPage() {
  const { token = '' } = useParams<{ token: string }>();
  const page = useSharedPage(token);
  const { view, language, shared, shown } = page;

  useDocumentTitle(
    view === 'checklist' && shared.data
      ? translatedChecklist(shared.data.checklist, shared.data.translations).name
      : page.t('shared.pageTitle'),
  );
  useSharedPageEffects(token, page, loadChecklistContent);

  return (
    <PageMain>
      {view !== 'code' && <LanguageSwitch language={language} />}
      {view === 'loading' && (page.expectsChecklist ? <ChecklistDetailSkeleton /> : <SharedLoading />)}
      {view === 'code' && (
        <>
          <VerificationExplainer />
          <CodeDialog
            token={token}
            accessEnded={page.accessEnded}
            onVerified={page.onVerified}
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
