import { type ComponentType, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from './components/protected-route.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { type LazyChunk, lazyChunk } from './lib/lazy-chunk.tsx';

// Every page is its own chunk: a recipient on a phone downloads the shared page and nothing else.
type Page = LazyChunk<object>;
const page = (load: () => Promise<{ default: ComponentType<object> }>): Page =>
  lazyChunk(() => load().then((module) => module.default));

/** The pages after a checkout and local mode's test checkout share one chunk (pages/billing-pages.tsx). */
const billingPage = (name: keyof typeof import('./pages/billing-pages.tsx')): Page =>
  lazyChunk(() => import('./pages/billing-pages.tsx').then((pages) => pages[name] as ComponentType<object>));

// With what its first screen needs: the checklist's own chunk, when the server drew the checklist.
const SharedChecklistPage = page(() =>
  import('./pages/shared.tsx').then(async (module) => {
    await module.firstScreenReady();
    return module;
  }),
);

/** The documents the plan cards link to (docs/sla.md, docs/deployment.md) share one chunk. */
const documentPage = (name: keyof typeof import('./pages/documents.tsx')): Page =>
  lazyChunk(() => import('./pages/documents.tsx').then((pages) => pages[name] as ComponentType<object>));

// API tokens and webhooks (issue 32): a settings subpage of its own, so /settings carries none of it.
const DeveloperSettingsPage = page(() => import('./pages/developer-settings.tsx'));

/**
 * The routes, in the order they are tried. `signedIn`: the page needs a signed-in owner ('show' draws it
 * while that is being checked: the dashboard and pricing, prerendered, are the same for everyone until
 * their data comes).
 * The server knows the same paths (src/server/http/pages/prerendered-pages.ts; a test holds them equal).
 */
const ROUTES: { path?: string; page: Page; signedIn?: 'wait' | 'show' }[] = [
  { path: '/', page: page(() => import('./pages/landing.tsx')) },
  { path: '/dashboard', page: page(() => import('./pages/dashboard.tsx')), signedIn: 'show' },
  { path: '/checklist/:id', page: page(() => import('./pages/checklist.tsx')), signedIn: 'wait' },
  { path: '/pricing', page: page(() => import('./pages/pricing.tsx')), signedIn: 'show' },
  { path: '/settings', page: page(() => import('./pages/settings.tsx')), signedIn: 'wait' },
  { path: '/settings/team', page: page(() => import('./pages/team.tsx')), signedIn: 'wait' },
  { path: '/settings/developers', page: DeveloperSettingsPage, signedIn: 'wait' },
  { path: '/settings/glossary', page: page(() => import('./pages/glossary-settings.tsx')), signedIn: 'wait' },
  { path: '/automation', page: page(() => import('./pages/automation.tsx')), signedIn: 'wait' },
  { path: '/insights', page: page(() => import('./pages/insights.tsx')), signedIn: 'wait' },
  // An invitation's link: public, as it comes from an e-mail (the page signs in when it must).
  { path: '/join/:token', page: page(() => import('./pages/join.tsx')) },
  { path: '/billing/test-checkout/:id', page: billingPage('TestCheckoutPage'), signedIn: 'wait' },
  { path: '/billing/test-portal', page: billingPage('TestPortalPage'), signedIn: 'wait' },
  { path: '/shared/checklist/:token', page: SharedChecklistPage },
  { path: '/shared/:token', page: SharedChecklistPage },
  { path: '/sms-consent', page: page(() => import('./pages/sms-consent.tsx')) },
  // Public: the API's quick start and reference (its renderer is a chunk of its own, loaded by the page).
  { path: '/developers', page: page(() => import('./pages/developers.tsx')) },
  { path: '/verify', page: page(() => import('./pages/verify.tsx')) },
  // Public: what the Enterprise card's 'SLA' and 'Custom deployment' promise, as the repository writes it.
  { path: '/sla', page: documentPage('SlaPage') },
  { path: '/deployment', page: documentPage('DeploymentPage') },
  // Public: what is kept, and that a location is kept only with consent (docs/privacy.md, issue 34).
  { path: '/privacy', page: documentPage('PrivacyPage') },
  { path: '/subscription/success', page: billingPage('SubscriptionSuccessPage') },
  { path: '/subscription/cancel', page: billingPage('SubscriptionCancelPage') },
  { page: page(() => import('./pages/not-found.tsx')) },
];

/** `/checklist/:id` as a test of a whole path (the routes use plain segments and `:name` only). */
const matcher = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
const MATCHERS = ROUTES.map((route) => (route.path ? matcher(route.path) : /^/));

/**
 * Fetches the code of the page at `pathname` (the router's own choice). Hydration waits for it: a page
 * still downloading while the providers above it change would be drawn again from nothing, not
 * hydrated (React's rule for a Suspense boundary updated before it hydrated).
 */
export function preloadPageOf(pathname: string): Promise<unknown> {
  const index = MATCHERS.findIndex((test) => test.test(pathname));
  return ROUTES[index]?.page.preload() ?? Promise.resolve();
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {ROUTES.map(({ path, page: { Component }, signedIn }) => (
          <Route key={path ?? '*'} path={path}>
            {signedIn ? (
              <ProtectedRoute showWhileLoading={signedIn === 'show'}>
                <Component />
              </ProtectedRoute>
            ) : (
              <Component />
            )}
          </Route>
        ))}
      </Switch>
    </Suspense>
  );
}
