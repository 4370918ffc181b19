import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ShareSummary } from '#domain/sharing';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { SharedWith } from './shared-with.tsx';

const fetchMock = mockFetchEachTest();

const MINUTE = 60_000;
const JORDAN: ShareSummary = {
  id: 'share_1',
  recipientName: 'Jordan Smith',
  channel: 'email',
  maskedContact: 'j•••n@example.com',
  targetLanguage: 'en',
  verified: true,
  lockedAt: null,
  lastActivityAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
  createdAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
};
const UNNAMED: ShareSummary = {
  id: 'share_2',
  recipientName: null,
  channel: 'sms',
  maskedContact: '+•••••••••71',
  targetLanguage: 'es',
  verified: false,
  lockedAt: null,
  lastActivityAt: null,
  createdAt: new Date(Date.now() - 2 * 60 * MINUTE).toISOString(),
};

async function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <SharedWith checklistId="checklist_1" checklistName="Boiler service" />
        </ToastProvider>
      </QueryClientProvider>,
    );
  });
  const section = screen.getByRole('region', { name: /Shared with/ });
  // Loaded: the placeholder rows are gone.
  await waitFor(() => expect(within(section).queryByRole('list', { name: 'Loading recipients' })).toBeNull());
  return section;
}

describe("'Shared with' on the owner's checklist page", () => {
  it('lists each recipient: name or Recipient, masked contact, state, language and last activity', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { shares: [JORDAN, UNNAMED] }));
    const section = await renderSection();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/checklists/checklist_1/shares');
    const rows = within(section).getAllByTestId('share-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Jordan Smith');
    expect(rows[0]?.textContent).toContain('j•••n@example.com');
    expect(within(rows[0] as HTMLElement).getByTestId('share-state').textContent).toBe('Verified');
    expect(rows[0]?.textContent).toContain('English');
    expect(rows[0]?.textContent).toContain('Active 5 minutes ago');
    expect(rows[1]?.textContent).toContain('Recipient');
    expect(within(rows[1] as HTMLElement).getByTestId('share-state').textContent).toBe('Code sent');
    expect(rows[1]?.textContent).toContain('Spanish');
    expect(rows[1]?.textContent).toContain('Sent 2 hours ago');
    expect(within(section).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('says quietly when it is shared with nobody', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { shares: [] }));
    const section = await renderSection();
    expect(within(section).getByTestId('shared-with-empty').textContent).toMatch(/^Not shared yet/);
    expect(within(section).queryAllByTestId('share-row')).toHaveLength(0);
  });

  it('revokes after asking, removes the row and says so in one toast', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { shares: [JORDAN, UNNAMED] }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValue(jsonResponse(200, { shares: [UNNAMED] }));
    const section = await renderSection();

    fireEvent.click(within(section).getByRole('button', { name: /Revoke access for Jordan Smith/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke access?' });
    expect(confirm.textContent).toContain('Jordan Smith (j•••n@example.com) will no longer be able to open');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    });

    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/checklists/checklist_1/shares/share_1');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(within(section).getAllByTestId('share-row')).toHaveLength(1));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Access revoked');
    expect(toasts[0]?.textContent).toContain('Jordan Smith can no longer open this checklist.');
  });

  it('says when revoking failed and keeps the row', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { shares: [JORDAN] }))
      .mockResolvedValueOnce(
        jsonResponse(500, { error: { code: 'internal_error', message: 'Internal error' } }),
      )
      .mockResolvedValue(jsonResponse(200, { shares: [JORDAN] }));
    const section = await renderSection();
    fireEvent.click(within(section).getByRole('button', { name: /Revoke/ }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    });
    expect(screen.getByTestId('toast').textContent).toContain('Failed to revoke access. Please try again.');
    expect(within(section).getAllByTestId('share-row')).toHaveLength(1);
  });
  it('shows a locked link with why, and Send new link sends one to the same contact and says so', async () => {
    const locked: ShareSummary = {
      ...JORDAN,
      verified: false,
      lockedAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
    };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { shares: [locked, UNNAMED] }))
      .mockResolvedValueOnce(
        jsonResponse(200, {
          shareUrl: 'http://x/shared/new',
          token: 'new',
          shareId: 'share_1',
          recipientId: 'r1',
          channel: 'email',
          maskedEmail: 'j•••n@example.com',
          maskedPhone: null,
          codeExpiresAt: new Date().toISOString(),
        }),
      )
      .mockResolvedValue(jsonResponse(200, { shares: [{ ...locked, lockedAt: null }, UNNAMED] }));
    const section = await renderSection();
    const [row, other] = within(section).getAllByTestId('share-row') as HTMLElement[];
    expect(within(row as HTMLElement).getByTestId('share-state').textContent).toBe('Locked');
    expect(within(row as HTMLElement).getByTestId('share-locked').textContent).toContain(
      'Locked after 20 wrong codes 2 minutes ago',
    );
    expect(within(other as HTMLElement).queryByRole('button', { name: /Send new link/ })).toBeNull();

    await act(async () => {
      fireEvent.click(
        within(row as HTMLElement).getByRole('button', { name: /Send new link to Jordan Smith/ }),
      );
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/checklists/checklist_1/shares/share_1/new-link');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('New link sent'));
    await waitFor(() =>
      expect(within(section).getAllByTestId('share-state')[0]?.textContent).toBe('Code sent'),
    );
  });
});
