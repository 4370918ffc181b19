import { isEmailAddress, normalizeEmail } from '#domain/email';
import {
  LANDING_DESTINATIONS,
  LANDING_NEXT_PAGE_ELEMENT_ID,
  LANDING_SWAP_ATTRIBUTE,
  LANDING_TEMPLATE_ATTRIBUTE,
  type LandingAction,
  type LandingSwap,
  type LandingTemplate,
} from '#domain/landing-page';
import { DEV_BANNER_COOKIE, DEV_BANNER_COOKIE_MAX_AGE_SECONDS } from '#domain/site';
import { prefetchNextPage, whenIdle } from './lib/prefetch-next-page.ts';
import { AUTH_CHANNEL, SIGN_IN_FAILURE_MESSAGES, SignInError, signInWithPopup } from './lib/sign-in-popup.ts';

/**
 * What the landing page's only script does (src/web/landing-page.ts starts it; decision 0067). The page is the
 * prerendered markup of the app's landing page; this does what it needs before the first tap: Sign In,
 * Get Started and (signed out) Pricing open the sign-in popup inside the click, then go on by a normal
 * navigation; a failed sign-in shows the app's destructive toast; a signed-in visitor sees the
 * signed-in buttons (drawn by the prerender in `<template>`s: the components' own words); the
 * development banner closes, opens on a phone and signs up to the mailing list; and for a visitor on
 * the way to the dashboard (signed in, or signing in) its files are fetched when the browser is idle,
 * so it opens from the cache after a sign-in.
 *
 * It imports a few of the app's modules (the sign-in popup, the banner's cookie, the e-mail rule):
 * the build gives this script its own copy of each (vite.config.ts landingPageOwnCopies), so nothing
 * is split out of the app's entry into a chunk both would load (decision 0037).
 */

let signedIn = false;
let signingIn = false;

/** Replaces the element before each template of `swap` with the template's content (none: removed). */
export function applySwap(swap: LandingSwap, root: ParentNode = document): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>(
    `template[${LANDING_SWAP_ATTRIBUTE}="${swap}"]`,
  )) {
    const before = template.previousElementSibling;
    before?.replaceWith(template.content.cloneNode(true));
    template.remove();
  }
}

function templateOf(name: LandingTemplate): DocumentFragment | null {
  const template = document.querySelector<HTMLTemplateElement>(
    `template[${LANDING_TEMPLATE_ATTRIBUTE}="${name}"]`,
  );
  return template ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

let prefetching = false;

/**
 * The dashboard's files (listed by the server) into the HTTP cache, when the browser is idle, once
 * the visitor is on the way there: signed in, or signing in (the popup leaves seconds for it). Not
 * for every visit: fetched at load, they were 142 KiB for a visitor who only reads the page
 * (bench:lighthouse: 152 -> 174 KiB transferred).
 */
function prefetchDashboard(): void {
  if (prefetching) return;
  prefetching = true;
  whenIdle(() => prefetchNextPage(LANDING_NEXT_PAGE_ELEMENT_ID));
}

/** What the signed-in page shows: the dashboard's link, 'Go to Dashboard', no sign-up note. */
function showSignedIn(): void {
  signedIn = true;
  applySwap('signed-in');
  prefetchDashboard();
}

/** Whether the server knows this browser's session (`GET /api/auth/me`). */
export async function askSignedIn(): Promise<boolean> {
  const response = await fetch('/api/auth/me', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/auth/me: ${response.status}`);
  const body = (await response.json()) as { user?: unknown };
  return Boolean(body.user);
}

/**
 * A button busy while it works: disabled, aria-busy, its words its `data-busy-label` (as the app's:
 * an icon before the words stays, one after them goes); returns what undoes it.
 */
function busy(button: HTMLElement): () => void {
  const html = button.innerHTML;
  if (button instanceof HTMLButtonElement) button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const label = button.dataset.busyLabel;
  const [words, ...more] = [...button.childNodes].filter(
    (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
  );
  if (label && words) {
    words.textContent = label;
    for (const node of more) node.remove();
    while (words.nextSibling) words.nextSibling.remove();
  }
  return () => {
    if (!button.isConnected) return;
    if (button instanceof HTMLButtonElement) button.disabled = false;
    button.setAttribute('aria-busy', 'false');
    button.innerHTML = html;
  };
}

/** Takes the toast that shows away (a new one replaces it). */
let closeToast: () => void = () => undefined;

/** The app's destructive toast ('Sign-in failed' and why): one at a time, closed by its button, Escape or time. */
export function showToast(description: string): void {
  closeToast();
  const viewport = templateOf('toast')?.firstElementChild;
  if (!(viewport instanceof HTMLElement)) return;
  const text = viewport.querySelector('[data-toast-description]');
  if (text) text.textContent = description;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') closeToast();
  };
  const duration = Number(viewport.querySelector<HTMLElement>('[data-duration]')?.dataset.duration);
  const timer = window.setTimeout(() => closeToast(), duration > 0 ? duration : 8000);
  closeToast = () => {
    viewport.remove();
    document.removeEventListener('keydown', onKeyDown);
    window.clearTimeout(timer);
    closeToast = () => undefined;
  };
  viewport.querySelector('[data-toast-close]')?.addEventListener('click', () => closeToast());
  document.addEventListener('keydown', onKeyDown);
  document.body.append(viewport);
}

/**
 * Opens the sign-in popup (synchronously: this runs inside the click, so pop-up blockers let it
 * through), every sign-in button busy until it ends; true once signed in, false after the toast.
 */
async function signIn(): Promise<boolean> {
  if (signingIn) return false;
  signingIn = true;
  const buttons = document.querySelectorAll<HTMLElement>(
    '[data-landing-action="sign-in"], [data-landing-action="get-started"]',
  );
  const undo = [...buttons].map(busy);
  try {
    const signingInNow = signInWithPopup(askSignedIn);
    // After the popup opened (inside the click), not before it.
    prefetchDashboard();
    await signingInNow;
    return true;
  } catch (error) {
    console.warn('Sign-in failed', error instanceof SignInError ? error.code : error);
    showToast(error instanceof SignInError ? error.message : SIGN_IN_FAILURE_MESSAGES['internal-error']);
    return false;
  } finally {
    signingIn = false;
    for (const done of undo) done();
  }
}

/** Signs in first when signed out, then goes to `path` by a normal navigation. */
function signInThenGo(path: string): void {
  if (signedIn) {
    window.location.assign(path);
    return;
  }
  void signIn().then((ok) => {
    if (ok) window.location.assign(path);
  });
}

function rememberBannerDismissed(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as development-banner-dismissal.ts (one fixed value)
  document.cookie = `${DEV_BANNER_COOKIE}=dismissed; Max-Age=${DEV_BANNER_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${
    window.location.protocol === 'https:' ? '; Secure' : ''
  }`;
}

/** The banner goes, and is not drawn again: the server reads the cookie. */
function dismissBanner(control: HTMLElement): void {
  rememberBannerDismissed();
  control.closest('[data-testid="development-banner"]')?.remove();
}

/** On a phone: the banner drawn open (its form shown), the address field focused. */
function openBanner(control: HTMLElement): void {
  const banner = control.closest('[data-testid="development-banner"]');
  const open = templateOf('banner-open');
  if (!banner || !open) return;
  const typed = banner.querySelector<HTMLInputElement>('input[type="email"]')?.value;
  banner.replaceWith(open);
  const field = document.querySelector<HTMLInputElement>(
    '[data-testid="development-banner"] input[type="email"]',
  );
  if (field && typed) field.value = typed;
  field?.focus();
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const control = (event.target as Element | null)?.closest<HTMLElement>('[data-landing-action]');
  if (!control) return;
  switch (control.dataset.landingAction as LandingAction | undefined) {
    case 'sign-in':
      void signIn().then((ok) => ok && showSignedIn());
      return;
    case 'get-started':
      signInThenGo(LANDING_DESTINATIONS['get-started']);
      return;
    case 'pricing':
      // Signed in, or a modified click (a new tab): the ordinary link.
      if (signedIn || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (!signingIn) signInThenGo(LANDING_DESTINATIONS.pricing);
      return;
    case 'dismiss-banner':
      dismissBanner(control);
      return;
    case 'open-banner':
      openBanner(control);
  }
}

type MailingProblem = 'mailing-empty' | 'mailing-invalid' | 'mailing-failed';

/** The mailing list's problem under its form (the server's own words for a refused address). */
function mailingError(form: HTMLFormElement, problem: MailingProblem, serverMessage?: string): void {
  form.querySelector('[role="alert"]')?.remove();
  const drawn = templateOf(problem)?.firstElementChild;
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  if (!(drawn instanceof HTMLElement) || !input) return;
  drawn.id = `${input.id}-message`;
  if (serverMessage) drawn.textContent = serverMessage;
  form.append(drawn);
  input.setAttribute('aria-describedby', drawn.id);
  // The address is at fault, unless the failure was the service's (as the app's form says).
  if (problem === 'mailing-failed') input.removeAttribute('aria-invalid');
  else input.setAttribute('aria-invalid', 'true');
}

/** Signs the address up (`POST /api/mailing-list/subscribe`), as the app's form does. */
export async function subscribe(form: HTMLFormElement): Promise<void> {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !button || button.disabled) return;
  if (!input.value.trim()) return mailingError(form, 'mailing-empty');
  if (!isEmailAddress(input.value)) return mailingError(form, 'mailing-invalid');
  const done = busy(button);
  try {
    const response = await fetch('/api/mailing-list/subscribe', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: normalizeEmail(input.value) }),
    });
    if (response.ok) {
      const answer = templateOf('mailing-done');
      if (answer) form.replaceWith(answer);
      return;
    }
    // The API's error body: { error: { code, message } } (lib/api.ts reads the same).
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = body?.error?.message;
    done();
    if (response.status === 400 && typeof message === 'string' && message) {
      mailingError(form, 'mailing-invalid', message);
      return;
    }
    throw new Error(`POST /api/mailing-list/subscribe: ${response.status}`);
  } catch (error) {
    done();
    // The spec only logs a mailing-list failure; the visitor still learns it did not work.
    console.warn('Mailing-list signup failed', error);
    mailingError(form, 'mailing-failed');
  }
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.dataset.mailingList === undefined) return;
  event.preventDefault();
  void subscribe(form);
}

/** Typing again clears the address's problem (as the app's form does). */
function onInput(event: Event): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.name !== 'email') return;
  input.form?.querySelector('[role="alert"]')?.remove();
  input.removeAttribute('aria-invalid');
  input.removeAttribute('aria-describedby');
}

/** Asks once who is signed in; a sign-in finished in another tab or popup asks again. */
async function learnWhoIsSignedIn(): Promise<void> {
  try {
    if (await askSignedIn()) showSignedIn();
  } catch (error) {
    // Offline or the server away: the page stays signed out, and Sign In says what went wrong.
    console.warn('Could not ask who is signed in', error);
  }
}

/** Starts the page's script; returns what stops it (for tests). */
export function start(): () => void {
  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
  document.addEventListener('input', onInput);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
  if (channel) {
    channel.onmessage = () => {
      if (!signedIn) void learnWhoIsSignedIn();
    };
  }
  void learnWhoIsSignedIn().finally(() => {
    // For the browser tests: the page's script runs and knows who is signed in (the app's pages say
    // so with data-app-running, the code screen with data-code-screen-running).
    document.documentElement.dataset.landingRunning = '';
  });
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('submit', onSubmit);
    document.removeEventListener('input', onInput);
    channel?.close();
    closeToast();
    signedIn = false;
    signingIn = false;
    prefetching = false;
  };
}
