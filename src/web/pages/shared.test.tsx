import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Checklist } from '#domain/checklist';
import {
  SHARE_MESSAGES,
  type SharedChecklistResponse,
  type SharedPageAnswers,
  type VerificationStatus,
} from '#domain/sharing';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { OfflineQueueProvider } from '../hooks/use-offline-queue.tsx';
import en from '../i18n/locales/en.json';
import { setFirstScreen } from '../lib/first-screen.ts';
import { memoryBlobStore, memoryOpStore } from '../sync/index.ts';
import { setPageAnswers } from './shared/page-answers.ts';
import SharedChecklistPage, { VERIFIED_LOAD_DELAY_MS } from './shared.tsx';

const TOKEN = 'abcdefghijklmnopqrstuv';

const CHECKLIST: Checklist = aChecklist({
  name: 'Turnover – Harbour View 4B',
  tasks: [
    {
      id: 'task_1',
      description: 'Strip beds',
      completed: false,
      photoRequired: false,
      photoUrl: null,
      referencePhotoUrl: null,
      details: '',
      completedAt: null,
      redoNote: null,
      photoCapturedAt: null,
      photoReceivedAt: null,
      photoCaptureSource: null,
      photoLocation: null,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: null,
});

const SHARED: SharedChecklistResponse = {
  success: true,
  checklist: CHECKLIST,
  targetLanguage: 'en',
  ownerName: 'Ann Lee',
  recipientName: 'Jane',
  maskedContact: 'j•••e@example.com',
  language: 'en',
  sourceLanguage: 'en',
  translated: false,
  message: 'ok',
};

const VERIFIED_STATUS: VerificationStatus = {
  verified: true,
  expired: false,
  recipientId: 'recipient_1',
  checklistId: CHECKLIST.id,
  targetLanguage: 'en',
  recipientName: 'Jane',
  maskedEmail: 'j•••e@example.com',
  maskedPhone: null,
  maskedContact: 'j•••e@example.com',
};

type Answer = Response | (() => Response);
const fetchMock = mockFetchEachTest();

/** Answers each call by its path; a path not listed fails the test. */
function serve(routes: Record<string, Answer>) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = routes[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return typeof answer === 'function' ? answer() : answer.clone();
  });
}

beforeAll(async () => {
  writePublicConfig({ localMode: false });
  // The checklist's chunk, loaded once here so that the tests time the page, not the transform.
  await import('./shared/shared-checklist-content.tsx');
});

function renderPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: `/shared/${TOKEN}`, searchPath: search, static: true });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Route path="/shared/:token" component={SharedChecklistPage} />
          </Router>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const checklistHeading = () => screen.findByRole('heading', { name: CHECKLIST.name, level: 1 });

describe('the shared page', () => {
  it('opens the checklist at once for a browser that verified before, with the banner and the owner', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(200, VERIFIED_STATUS),
      '/api/shared/checklist': jsonResponse(200, SHARED),
    });
    renderPage();
    await checklistHeading();
    // Read at once (no timer runs before this): a success toast goes after 3 s of wall time, which the
    // checks below can take on a busy machine.
    expect((await screen.findByTestId('toast')).textContent).toContain(SHARE_MESSAGES.loadedToast);
    const banner = screen.getByTestId('verified-access');
    expect(banner.textContent).toContain(SHARE_MESSAGES.verifiedTitle);
    expect(banner.textContent).toContain(`${SHARE_MESSAGES.verifiedText} via j•••e@example.com`);
    // The owner's name isolated in the sentence (<bdi>): it keeps its own direction.
    const byline = screen.getByText(
      (_, element) => element?.tagName === 'SPAN' && element.textContent === 'Shared by Ann Lee',
    );
    expect(byline.querySelector('bdi')?.textContent).toBe('Ann Lee');
    expect(screen.queryByTestId('auto-translated')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/shared')) ?? [];
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/shared/checklist?token=${TOKEN}&lang=en`,
    );
    expect(init?.credentials).toBe('include');
  });

  it('asks for the code when this browser has not verified, and shows nothing of the checklist', async () => {
    serve({ [`/api/verification/status/${TOKEN}`]: jsonResponse(200, { verified: false, expired: false }) });
    renderPage();
    await screen.findByRole('dialog', { name: en['code.title'] });
    expect(screen.queryByText(CHECKLIST.name)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/shared'))).toBe(false);
  });

  describe('drawn first by the server (a prerendered page, marked on #root)', () => {
    afterEach(() => setFirstScreen(null));

    /** A status answer that stays pending until released: what the page shows while it waits. */
    function pendingStatus(
      answer: VerificationStatus | { verified: false; expired: false },
      sharedAnswer: () => Response = () => jsonResponse(200, SHARED),
    ) {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      fetchMock.mockImplementation(async (input) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === `/api/verification/status/${TOKEN}`) {
          await held;
          return jsonResponse(200, answer);
        }
        if (path === '/api/shared/checklist') return sharedAnswer();
        throw new Error(`unexpected call to ${path}`);
      });
      return () => release();
    }

    it('shows the code dialog while the status is asked, and keeps what was typed when it comes', async () => {
      setFirstScreen('code');
      const release = pendingStatus({ verified: false, expired: false });
      renderPage();
      const dialog = await screen.findByRole('dialog', { name: en['code.title'] });
      expect(screen.queryByRole('status', { name: en['shared.loading'] })).toBeNull();
      fireEvent.change(within(dialog).getByLabelText(en['code.label']), { target: { value: '123' } });
      await act(async () => release());
      const field = within(screen.getByRole('dialog', { name: en['code.title'] })).getByLabelText(
        en['code.label'],
      );
      expect((field as HTMLInputElement).value).toBe('123');
    });

    it("shows the checklist's skeleton to a browser with a recipient cookie, then its checklist", async () => {
      setFirstScreen('verified');
      const release = pendingStatus(VERIFIED_STATUS);
      renderPage();
      expect(await screen.findByRole('status', { name: en['checklist.loading'] })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      // The server found this browser verified on the link: the checklist is asked for beside the status.
      const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
      await waitFor(() => expect(asked()).toContain(`/api/shared/checklist?token=${TOKEN}&lang=en`));
      // Still the skeleton: nothing of the checklist shows before the status says so.
      expect(screen.queryByRole('heading', { name: CHECKLIST.name })).toBeNull();
      await act(async () => release());
      await checklistHeading();
    });

    describe('with the answers in the page (the server found this browser verified on the link)', () => {
      const ANSWERS: SharedPageAnswers = {
        token: TOKEN,
        language: 'en',
        status: VERIFIED_STATUS,
        checklist: SHARED,
        revision: 1,
      };
      afterEach(() => {
        setFirstScreen(null);
        setPageAnswers(null);
      });

      it('draws the checklist at once from them, asks for neither, and says no "loaded" toast', async () => {
        setFirstScreen('checklist');
        setPageAnswers(ANSWERS);
        serve({});
        renderPage();
        // In the first render, as the server drew it: nothing waited for.
        expect(screen.getByRole('heading', { name: CHECKLIST.name, level: 1 })).toBeTruthy();
        expect(screen.getByTestId('verified-access').textContent).toContain('j•••e@example.com');
        expect(screen.queryByRole('status', { name: en['checklist.loading'] })).toBeNull();
        await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
        const asked = fetchMock.mock.calls.map(([url]) => String(url));
        expect(asked.filter((url) => /\/api\/(verification|shared)\//.test(url))).toEqual([]);
        expect(screen.queryByTestId('toast')).toBeNull();
      });

      it('over the skeleton the server drew, shows the skeleton first, then the checklist, still without asking', async () => {
        setFirstScreen('verified');
        setPageAnswers(ANSWERS);
        serve({});
        renderPage();
        await checklistHeading();
        expect(fetchMock.mock.calls.some(([url]) => /\/api\/(verification|shared)\//.test(String(url)))).toBe(
          false,
        );
      });

      it("ignores another link's answers and asks the server", async () => {
        setFirstScreen('verified');
        setPageAnswers({ ...ANSWERS, token: 'another-link-token-0000' });
        serve({
          [`/api/verification/status/${TOKEN}`]: jsonResponse(200, { verified: false, expired: false }),
        });
        renderPage();
        await screen.findByRole('dialog', { name: en['code.title'] });
        expect(screen.queryByText(CHECKLIST.name)).toBeNull();
      });
    });

    it('shows the code dialog, not an ended access, when the status says the early answer was not for it', async () => {
      setFirstScreen('verified');
      const release = pendingStatus({ verified: false, expired: false }, () =>
        jsonResponse(401, { error: { code: 'unauthorized', message: 'Verify first' } }),
      );
      renderPage();
      await waitFor(() => expect(fetchMock.mock.calls.length).toBe(2));
      await act(async () => release());
      const dialog = await screen.findByRole('dialog', { name: en['code.title'] });
      expect(dialog.textContent).toContain(en['code.intro']);
      expect(dialog.textContent).not.toContain(en['code.accessEnded']);
    });
  });

  it('asks for the code when the status check fails', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(503, {
        error: { code: 'service_unavailable', message: 'x' },
      }),
    });
    renderPage();
    // It is asked once more a second later, then the dialog opens.
    await screen.findByRole('dialog', { name: en['code.title'] });
  });

  it('after a right code, says so, and shows the checklist about a second later', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(200, { verified: false, expired: false }),
      '/api/verification/verify': jsonResponse(200, {
        verified: true,
        checklistId: CHECKLIST.id,
        recipientId: 'recipient_1',
        targetLanguage: 'en',
      }),
      '/api/shared/checklist': jsonResponse(200, SHARED),
    });
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: en['code.title'] });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
    const verifiedAt = Date.now();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    });
    expect((await within(dialog).findByRole('status')).textContent).toContain('Code accepted');
    await checklistHeading();
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(VERIFIED_LOAD_DELAY_MS - 50);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a new code when the access ended (401), saying so', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(200, VERIFIED_STATUS),
      '/api/shared/checklist': () =>
        jsonResponse(401, { error: { code: 'verification_required', message: 'Verify first' } }),
    });
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: en['code.title'] });
    expect(dialog.textContent).toContain('has ended');
  });

  it('says the link is not found when it was revoked or replaced', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(200, VERIFIED_STATUS),
      '/api/shared/checklist': jsonResponse(404, { error: { code: 'share_not_found', message: 'x' } }),
    });
    renderPage();
    expect(await screen.findByText(SHARE_MESSAGES.shareNotFound, { selector: 'p' })).toBeTruthy();
  });

  it('shows the failure view and its toast when the checklist cannot be loaded', async () => {
    serve({
      [`/api/verification/status/${TOKEN}`]: jsonResponse(200, VERIFIED_STATUS),
      '/api/shared/checklist': jsonResponse(500, { error: { code: 'internal_error', message: 'x' } }),
    });
    renderPage();
    expect(await screen.findByText(SHARE_MESSAGES.loadFailedView)).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain(SHARE_MESSAGES.loadFailedToast);
  });
});
