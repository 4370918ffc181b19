import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../hooks/use-auth.tsx';
import VerifyPage from './verify.tsx';

const fetchMock = mockFetchEachTest();

function renderVerify(search: string) {
  fetchMock.mockImplementation(async () => jsonResponse(200, { user: null }));
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
