import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CheckoutStatus } from '#domain/billing';
import { LANGUAGE_CODES } from '#domain/languages';
import { NO_SUBSCRIPTION, PLAN_LIMITS, type SubscriptionInfo } from '#domain/plans';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../hooks/use-auth.tsx';
import { navigation } from '../hooks/use-billing.ts';
import { OfflineQueueProvider } from '../hooks/use-offline-queue.tsx';
import { getPublicConfig, setPublicConfig } from '../lib/public-config.ts';
import { memoryBlobStore, memoryOpStore } from '../sync/index.ts';
import Dashboard from './dashboard.tsx';
import PricingPage from './pricing.tsx';
import { SubscriptionSuccessPage } from './subscription-result.tsx';

/** The pages of buying a plan, against the API's answers (fetch mocked at the network edge). */

const USER = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann Lee' };
const FREE: SubscriptionInfo = {
  tier: 'free',
  usage: { listSyncCount: 2 },
  limits: { maxLists: 5 },
  storage: { usedBytes: 0, limitBytes: 1073741824 },
  allowedLanguages: ['en', 'es'],
  ...NO_SUBSCRIPTION,
};
const PRO_TRIAL: SubscriptionInfo = {
  tier: 'professional',
  usage: { listSyncCount: 7 },
  limits: { maxLists: 100 },
  storage: { usedBytes: 0, limitBytes: 53687091200 },
  allowedLanguages: PLAN_LIMITS.professional.allowedLanguages,
  status: 'trialing',
  interval: 'month',
  currentPeriodEnd: '2026-12-08T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialEnd: '2026-12-08T12:00:00.000Z',
  canManageBilling: true,
};

const fetchMock = mockFetchEachTest();
let plan: SubscriptionInfo = FREE;
/** Answers to the routes a test cares about; everything else of the dashboard answers empty. */
let answers: Record<string, () => Response> = {};
const assigned: string[] = [];

beforeAll(() =>
  writePublicConfig({ siteName: 'ListSync', billing: 'local', supportEmail: 'help@lists.example' }),
);

beforeEach(() => {
  plan = FREE;
  answers = {};
  assigned.length = 0;
  vi.spyOn(navigation, 'assign').mockImplementation((url) => {
    assigned.push(url);
  });
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    if (answers[key]) return answers[key]();
    if (url.startsWith('/api/auth/me')) return jsonResponse(200, { user: USER });
    if (url.startsWith('/api/user/register')) return jsonResponse(200, { user: USER });
    if (url.startsWith(`/api/user/${USER.uid}/subscription`)) return jsonResponse(200, plan);
    if (url.startsWith('/api/checklists')) return jsonResponse(200, []);
    if (url.startsWith('/api/dashboard/stats'))
      return jsonResponse(200, { activeChecklists: 0, inProgressChecklists: 0, completedToday: 0 });
    return jsonResponse(404, { error: { code: 'not_found', message: 'Nothing here' } });
  });
});

afterEach(() => vi.mocked(navigation.assign).mockRestore());

function renderPage(page: ReactNode, path = '/pricing') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          <AuthProvider>
            <Router hook={hook} searchHook={searchHook}>
              {page}
            </Router>
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

function posted(path: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')));
}

describe('the pricing page', () => {
  it('marks the real plan, and a paid plan button starts a checkout for its tier and interval', async () => {
    answers['POST /api/create-subscription'] = () =>
      jsonResponse(200, { url: '/billing/test-checkout/cs_local_1' });
    renderPage(<PricingPage />);
    const free = await screen.findByRole('group', { name: 'Free' });
    await within(free).findByText('Current plan');
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    const pro = screen.getByRole('group', { name: 'Professional' });
    fireEvent.click(within(pro).getByRole('button', { name: 'Start 14-day free trial' }));
    await within(pro).findByRole('button', { name: 'Redirecting to checkout…' });
    await waitFor(() => expect(assigned).toEqual(['/billing/test-checkout/cs_local_1']));
    expect(posted('/api/create-subscription')).toEqual([
      { tier: 'professional', interval: 'year', userId: 'u1', email: 'ann@example.com' },
    ]);
  });

  it('links SLA and Custom deployment to their documents, and sells translation only with an engine', async () => {
    const { unmount } = renderPage(<PricingPage />);
    const enterprise = await screen.findByRole('group', { name: 'Enterprise' });
    expect(within(enterprise).getByRole('link', { name: 'SLA' }).getAttribute('href')).toBe('/sla');
    expect(within(enterprise).getByRole('link', { name: 'Custom deployment' }).getAttribute('href')).toBe(
      '/deployment',
    );
    expect(
      within(screen.getByRole('group', { name: 'Free' })).getByText('English and Spanish translation'),
    ).toBeTruthy();
    expect(screen.queryByTestId('translation-off')).toBeNull();
    unmount();

    const usual = getPublicConfig();
    setPublicConfig({ ...usual, translation: false });
    try {
      renderPage(<PricingPage />);
      const free = await screen.findByRole('group', { name: 'Free' });
      expect(within(free).getByText('Recipient pages in English and Spanish')).toBeTruthy();
      expect(within(free).queryByText(/translation/)).toBeNull();
      const pro = screen.getByRole('group', { name: 'Professional' });
      expect(within(pro).getByText(`Recipient pages in all ${LANGUAGE_CODES.length} languages`)).toBeTruthy();
      expect(screen.getByTestId('translation-off').textContent).toMatch(/Machine translation is not set up/);
    } finally {
      setPublicConfig(usual);
    }
  });

  it("says 'Authentication Required' on a 401 and 'Subscription Error' with the server's words otherwise", async () => {
    answers['POST /api/create-subscription'] = () =>
      jsonResponse(401, { error: { code: 'unauthenticated', message: 'Please sign in.' } });
    renderPage(<PricingPage />);
    const enterprise = await screen.findByRole('group', { name: 'Enterprise' });
    fireEvent.click(await within(enterprise).findByRole('button', { name: 'Start 30-day free trial' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Authentication Required');
    expect(toast.textContent).toContain('Please sign in to subscribe to a plan.');
    expect(assigned).toEqual([]);

    answers['POST /api/create-subscription'] = () =>
      jsonResponse(502, { error: { code: 'internal_error', message: 'The card processor is down.' } });
    fireEvent.click(within(enterprise).getByRole('button', { name: 'Start 30-day free trial' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Subscription Error'));
    expect(screen.getByTestId('toast').textContent).toContain('The card processor is down.');

    answers['POST /api/create-subscription'] = () => new Response('oops', { status: 500 });
    fireEvent.click(within(enterprise).getByRole('button', { name: 'Start 30-day free trial' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toContain(
        'Failed to create subscription. Please try again.',
      ),
    );
  });

  it('offers a paying owner Manage billing (the portal) instead of a second checkout', async () => {
    plan = PRO_TRIAL;
    answers['POST /api/billing/portal'] = () => jsonResponse(200, { url: '/billing/test-portal' });
    renderPage(<PricingPage />);
    expect((await screen.findByTestId('current-plan')).textContent).toContain('Trial ends Dec 8, 2026');
    const pro = screen.getByRole('group', { name: 'Professional' });
    expect(within(pro).getByText('Current plan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /free trial/ })).toBeNull();
    fireEvent.click(within(pro).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assigned).toEqual(['/billing/test-portal']));
  });
});

describe('the success page', () => {
  it("waits with 'Confirming your payment…' and says 'Subscription Successful!' only once the server confirms", async () => {
    let status: CheckoutStatus = {
      status: 'open',
      confirmed: false,
      tier: 'professional',
      interval: 'month',
      trialEnd: null,
    };
    answers['GET /api/billing/checkout/cs_local_9'] = () => jsonResponse(200, status);
    renderPage(<SubscriptionSuccessPage />, '/subscription/success?session_id=cs_local_9');
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    // The server has answered 'not confirmed' (at least once), and the page keeps waiting.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/billing/checkout/')).length,
      ).toBeGreaterThan(0),
    );
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.queryByText('Subscription Successful!')).toBeNull();

    status = { ...status, status: 'complete', confirmed: true, trialEnd: '2026-12-08T12:00:00.000Z' };
    await screen.findByRole('heading', { name: 'Subscription Successful!' });
    expect(screen.getByText('Welcome to ListSync Pro. Your subscription is now active.')).toBeTruthy();
    expect(screen.getByText(/Your free trial runs until Dec 8, 2026/)).toBeTruthy();
    // Only what the free plan lacks: live updates are everyone's, so 'real-time' is no paid claim.
    const summary = screen.getByText(/^Up to 100 checklists, 10 team members/);
    expect(summary.textContent).toContain('booking calendars synced every 15 minutes');
    expect(summary.textContent).not.toMatch(/real-time/i);
  });

  it("never claims success for a checkout that is not this owner's, or with no checkout at all", async () => {
    answers['GET /api/billing/checkout/cs_other'] = () =>
      jsonResponse(404, { error: { code: 'not_found', message: 'This checkout was not found.' } });
    const { unmount } = renderPage(<SubscriptionSuccessPage />, '/subscription/success?session_id=cs_other');
    await screen.findByRole('heading', { name: 'No payment to confirm' });
    unmount();
    renderPage(<SubscriptionSuccessPage />, '/subscription/success');
    await screen.findByRole('heading', { name: 'No payment to confirm' });
    expect(screen.queryByText('Subscription Successful!')).toBeNull();
  });
});

describe('the dashboard plan card', () => {
  it('after a downgrade says every checklist is kept and new ones wait until under the limit', async () => {
    plan = { ...FREE, usage: { listSyncCount: 7 }, status: 'canceled', canManageBilling: true };
    renderPage(<Dashboard />, '/dashboard');
    const note = await screen.findByTestId('over-limit');
    expect(note.textContent).toContain('You have 7 checklists and the Free plan allows 5.');
    expect(note.textContent).toContain("can't create new ones until you have fewer than 5");
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });

  it('past due: a banner asks to fix the payment, and the plan still shows Pro', async () => {
    plan = { ...PRO_TRIAL, status: 'past_due' };
    answers['POST /api/billing/portal'] = () =>
      jsonResponse(200, { url: 'https://billing.stripe.com/p/session/x' });
    renderPage(<Dashboard />, '/dashboard');
    const banner = (await screen.findAllByRole('alert')).find((el) =>
      el.textContent?.includes('Your last payment failed.'),
    );
    if (!banner) throw new Error('no past-due banner');
    expect(banner.textContent).toContain('keep your Pro plan');
    expect((await screen.findByTestId('tier-badge')).textContent).toBe('Pro');
    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Fix payment' }));
    });
    await waitFor(() => expect(assigned).toEqual(['https://billing.stripe.com/p/session/x']));
  });
});
