import type { QueryClient } from '@tanstack/react-query';
import { SHARED_ANSWERS_ELEMENT_ID, type SharedPageAnswers } from '#domain/sharing';
import { markRevision } from '../../lib/copy-revisions.ts';
import { sharedKeys } from '../../sync/index.ts';
import { asWritten } from './shared-translation.ts';

/**
 * The answers the server put in a verified recipient's page (a JSON block, not a script: the CSP
 * allows none; src/server/http/pages/verified-shared-page.ts): the status and the checklist, as the page's
 * two first asks would get them. The page takes them into its query cache instead of asking, once:
 * a later visit of the page in this tab (the app moved on and came back) asks the server as usual.
 */

let given: SharedPageAnswers | null | undefined;
let used = false;

function readBlock(): SharedPageAnswers | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SHARED_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SharedPageAnswers;
  } catch {
    return null;
  }
}

/** The page's answers for this link, until the page has taken them; null without (or once used). */
export function pageAnswers(token: string): SharedPageAnswers | null {
  if (used) return null;
  if (given === undefined) given = readBlock();
  return given?.token === token && given.status.verified ? given : null;
}

/**
 * Puts the page's answers for this link in the query cache, as if just fetched; whether there were
 * any. Each is what the API answered (the checklist kept as written, as the query keeps it), and the
 * copy knows the revision the server named for it (lib/copy-revisions.ts), as a read's answer does:
 * once the live connection says 'subscribed' at that same revision, nothing is read again
 * (sync/live-messages.ts); a change made since the page was drawn names a later one, and is read.
 * A block without a valid revision leaves the copy's unknown (then it is read once subscribed).
 */
export function takePageAnswers(queryClient: QueryClient, token: string): boolean {
  const answers = pageAnswers(token);
  if (!answers) return false;
  queryClient.setQueryData(sharedKeys.status(token), answers.status);
  const { revision } = answers;
  const known = Number.isSafeInteger(revision) && revision >= 0 ? revision : null;
  queryClient.setQueryData(
    sharedKeys.checklist(token, answers.language),
    markRevision(asWritten(answers.checklist), known),
  );
  return true;
}

/** The page has taken its answers: from here on it asks the server. */
export function pageAnswersUsed(): void {
  used = true;
}

/** Drawing on the server (src/web/prerender.tsx): the answers of the page being drawn, or null after. */
export function setPageAnswers(answers: SharedPageAnswers | null): void {
  given = answers;
  used = false;
}

/** Set by the code screen's script (src/web/code-screen.ts, the same key) when a code was accepted. */
export const CODE_ACCEPTED_KEY = 'listsync-code-accepted';

/**
 * Whether this page opens right after a code was accepted on it (the code screen's script says so
 * once, for its path): the person waited for this checklist, so its page says it loaded.
 */
export function takeCodeAccepted(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const path = sessionStorage.getItem(CODE_ACCEPTED_KEY);
    if (path === null) return false;
    sessionStorage.removeItem(CODE_ACCEPTED_KEY);
    return path === window.location.pathname;
  } catch {
    return false;
  }
}
