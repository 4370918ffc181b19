import { createHash } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cleanup, fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../hooks/use-auth.tsx';
import VerifyPage from './verify.tsx';

const fetchMock = mockFetchEachTest();

function renderVerify(search: string, answer?: (body: { sha256: string }) => Response) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === '/api/verify' && answer) return answer(JSON.parse(String(init?.body)));
    return jsonResponse(200, { user: null });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/verify', searchPath: search, static: true });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <VerifyPage />
          </Router>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('/verify in the recipient’s language', () => {
  it('says where shared checklists open, in Spanish on a ?lang=es link, then gives English back', async () => {
    renderVerify('checklist=checklist_1&lang=es');
    expect(await screen.findByRole('heading', { name: 'Abra el enlace de su mensaje' })).toBeTruthy();
    expect(screen.getByText(/código de verificación de 6 dígitos, válido durante 10 minutos\./)).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    cleanup();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('stays in English without a language', async () => {
    renderVerify('checklist=checklist_1');
    expect(await screen.findByRole('heading', { name: 'Open the link in your message' })).toBeTruthy();
    expect(screen.getByText(/holds your 6-digit verification code, valid for 10 minutes\./)).toBeTruthy();
  });
});

describe('/verify: check a report or photo', () => {
  const recordedAt = '2026-11-20T09:30:00.000Z';

  it('hashes a chosen file in the browser and sends only its SHA-256', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 a report');
    const expected = createHash('sha256').update(bytes).digest('hex');
    const sent: string[] = [];
    renderVerify('', ({ sha256 }) => {
      sent.push(sha256);
      return jsonResponse(200, { match: true, kind: 'report', recordedAt });
    });
    expect(screen.getByRole('heading', { name: 'Check a report or photo' })).toBeTruthy();
    const file = new File([bytes], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose a report or photo to check'), {
      target: { files: [file] },
    });
    expect(await screen.findByRole('heading', { name: /^ListSync recorded this report on / })).toBeTruthy();
    expect(sent).toEqual([expected]);
    expect(screen.getByTestId('verify-sha256').textContent).toBe(expected);
    // The request carried the hash alone: never the file.
    const verifyCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/verify');
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual({ sha256: expected });
  });

  it('checks a pasted hash, says when there is no record and what that means', async () => {
    renderVerify('', () => jsonResponse(200, { match: false }));
    const field = screen.getByLabelText('Or paste a SHA-256');
    fireEvent.change(field, { target: { value: 'not a hash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/A SHA-256 is 64 hexadecimal characters/)).toBeTruthy();
    fireEvent.change(field, { target: { value: ` ${'AB'.repeat(32)} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: 'ListSync has no record of this file' })).toBeTruthy();
    expect(screen.getByText(/forwarded through messaging apps are re-compressed/)).toBeTruthy();
    expect(screen.getByTestId('verify-sha256').textContent).toBe('ab'.repeat(32));
  });

  it('says when to try again once the limit is reached', async () => {
    renderVerify('', () =>
      jsonResponse(
        429,
        { error: { code: 'rate_limited', message: 'Too many', retryAfter: 42 } },
        { 'retry-after': '42' },
      ),
    );
    fireEvent.change(screen.getByLabelText('Or paste a SHA-256'), { target: { value: 'c'.repeat(64) } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many checks from your network. Please try again in 42 seconds.',
    );
  });
});
