import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '#tests/support/fake-websocket';
import { act, render, screen } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { NotificationsBell } from './notifications-bell.tsx';
import { ToastProvider } from './ui/toast.tsx';

const fetchMock = mockFetchEachTest();
beforeAll(async () => {
  writePublicConfig({});
  // Its code already fetched (the browser's cache): what waits is the drawing and the asking.
  await import('./notifications-menu.tsx');
});

const asked = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/notifications').length;

describe("the header's bell", () => {
  it('is a stand-in until the browser is idle: its list and its menu come after the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('WebSocket', FakeWebSocket);
    fetchMock.mockImplementation(async () => jsonResponse(200, { notifications: [], unreadCount: 3 }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <NotificationsBell />
        </ToastProvider>
      </QueryClientProvider>,
    );
    // The page's own work first: nothing asked, no menu drawn.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByTestId('notifications-stand-in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(asked()).toBe(0);

    // Idle (jsdom has no requestIdleCallback: 200 ms): the bell with its count.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(asked()).toBe(1);
    expect(screen.queryByTestId('notifications-stand-in')).toBeNull();
  });
});
