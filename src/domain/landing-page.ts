/**
 * The landing page without the app (decision 0067): what its prerendered markup, the server that
 * writes its scripts (src/server/http/pages/page-scripts.ts) and its own small script
 * (src/web/landing-page.ts) agree on. The app's entry imports nothing of it (the landing page's
 * components do, in their own chunk); the script gets its own copy in the build (vite.config.ts
 * landingPageOwnCopies), like every module it imports.
 */

/** The JSON block (not executed: the CSP allows no inline script) listing the dashboard's files. */
export const LANDING_NEXT_PAGE_ELEMENT_ID = 'listsync-landing-next-page';

/**
 * What a control of the page does (`data-landing-action`): the header's Sign In, the calls to action
 * (Get Started / Go to Dashboard), the header's Pricing link (sign-in first when signed out), the
 * banner's Dismiss and, on a phone, its Sign up.
 */
export const LANDING_ACTIONS = [
  'sign-in',
  'get-started',
  'pricing',
  'dismiss-banner',
  'open-banner',
] as const;
export type LandingAction = (typeof LANDING_ACTIONS)[number];

/**
 * A `<template>` with this attribute holds what the element just before it becomes when the visitor
 * is signed in (none: it goes). Drawn by the prerender with the app's own components, so the words and
 * markup have one source.
 */
export const LANDING_SWAP_ATTRIBUTE = 'data-landing-swap';
export type LandingSwap = 'signed-in';

/**
 * The templates of what the script shows on its own: the toast, the banner opened on a phone, and
 * the mailing list's answers (signed up; no address, a malformed one, a failure).
 */
export const LANDING_TEMPLATES = [
  'toast',
  'banner-open',
  'mailing-done',
  'mailing-empty',
  'mailing-invalid',
  'mailing-failed',
] as const;
export type LandingTemplate = (typeof LANDING_TEMPLATES)[number];
export const LANDING_TEMPLATE_ATTRIBUTE = 'data-landing-template';

/** The page's destinations after a sign-in. */
export const LANDING_DESTINATIONS: Record<'get-started' | 'pricing', string> = {
  'get-started': '/dashboard',
  pricing: '/pricing',
};
