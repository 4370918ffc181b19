import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from './components/protected-route.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';

// Every page is its own chunk: a recipient on a phone downloads the shared page and nothing else.
const LandingPage = lazy(() => import('./pages/landing.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard.tsx'));
const ChecklistPage = lazy(() => import('./pages/checklist.tsx'));
const SharedChecklistPage = lazy(() => import('./pages/shared.tsx'));
const SmsConsentPage = lazy(() => import('./pages/sms-consent.tsx'));
const VerifyPage = lazy(() => import('./pages/verify.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found.tsx'));

/** The pages of buying a plan share one chunk (pages/billing-pages.tsx). */
const billingPage = (name: keyof typeof import('./pages/billing-pages.tsx')) =>
  lazy(() => import('./pages/billing-pages.tsx').then((pages) => ({ default: pages[name] })));
const PricingPage = billingPage('PricingPage');
const SubscriptionSuccessPage = billingPage('SubscriptionSuccessPage');
const SubscriptionCancelPage = billingPage('SubscriptionCancelPage');
const TestCheckoutPage = billingPage('TestCheckoutPage');
const TestPortalPage = billingPage('TestPortalPage');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/dashboard">
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        </Route>
        <Route path="/checklist/:id">
          <ProtectedRoute>
            <ChecklistPage />
          </ProtectedRoute>
        </Route>
        <Route path="/pricing">
          <ProtectedRoute showWhileLoading>
            <PricingPage />
          </ProtectedRoute>
        </Route>
        <Route path="/billing/test-checkout/:id">
          <ProtectedRoute>
            <TestCheckoutPage />
          </ProtectedRoute>
        </Route>
        <Route path="/billing/test-portal">
          <ProtectedRoute>
            <TestPortalPage />
          </ProtectedRoute>
        </Route>
        <Route path="/shared/checklist/:token" component={SharedChecklistPage} />
        <Route path="/shared/:token" component={SharedChecklistPage} />
        <Route path="/sms-consent" component={SmsConsentPage} />
        <Route path="/verify" component={VerifyPage} />
        <Route path="/subscription/success" component={SubscriptionSuccessPage} />
        <Route path="/subscription/cancel" component={SubscriptionCancelPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
