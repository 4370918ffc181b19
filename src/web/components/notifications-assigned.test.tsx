import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notification, NotificationList } from '#domain/notification-texts';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { useLiveNotifications } from '../hooks/use-notifications.ts';
import type { NotificationMessage, RealtimeClient } from '../sync/index.ts';
import { NotificationsMenu } from './notifications-menu.tsx';
import { ToastProvider } from './ui/toast.tsx';

/**
 * A checklist assigned to me reaches me in the header: live as a toast that opens it, and in the
 * notifications menu, in notification-texts' words, leading to the checklist (and read once opened).
 */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));

const ASSIGNED: Notification = {
  id: 'ntf_7',
  kind: 'assigned',
  checklistId: 'checklist 1',
  checklistName: 'Cabin turnover',
  shareId: null,
  recipient: null,
  by: 'Ben Ortiz',
  reason: null,
  createdAt: new Date().toISOString(),
  readAt: null,
};

/** The server: the list as given; what was posted to mark read. */
function serve(list: NotificationList) {
  const marked: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/notifications' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(200, list);
    if (String(input) === '/api/notifications/read') marked.push(JSON.parse(String(init?.body)));
    return new Response(null, { status: 204 });
  });
  return marked;
}

/** A socket that delivers what the test sends, as the realtime client would. */
function fakeRealtime() {
  let listener: ((message: NotificationMessage) => void) | null = null;
  const client = {
    subscribeNotifications: (given: (message: NotificationMessage) => void) => {
      listener = given;
      return () => {
        listener = null;
      };
    },
  } as unknown as RealtimeClient;
  return { client, deliver: (message: NotificationMessage) => listener?.(message) };
}

function Live({ client }: { client: RealtimeClient }) {
  useLiveNotifications(true, client);
  return <NotificationsMenu />;
}

function renderHeader(client: RealtimeClient) {
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <Router hook={location.hook}>
          <Live client={client} />
        </Router>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return location;
}

describe("an 'assigned' notification", () => {
  it('is listed in its own words and opens its checklist, marked read', async () => {
    const marked = serve({ notifications: [ASSIGNED], unreadCount: 1 });
    const location = renderHeader(fakeRealtime().client);
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await act(async () => {
      fireEvent.keyDown(button, { key: 'Enter' });
    });
    const menu = await screen.findByRole('menu');
    const entry = within(menu).getByTestId('notification');
    expect(entry.textContent).toContain('“Cabin turnover” was assigned to you');
    expect(entry.textContent).toContain('By Ben Ortiz.');
    fireEvent.click(within(entry).getByRole('menuitem'));
    expect(location.history?.at(-1)).toBe('/checklist/checklist%201');
    await waitFor(() => expect(marked).toEqual([{ ids: ['ntf_7'] }]));
  });

  it('arriving live: toasted with Open, which goes to the checklist and marks it read', async () => {
    const marked = serve({ notifications: [], unreadCount: 0 });
    const realtime = fakeRealtime();
    const location = renderHeader(realtime.client);
    await screen.findByRole('button', { name: 'Notifications' });
    act(() => realtime.deliver({ type: 'notification', notification: ASSIGNED }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('“Cabin turnover” was assigned to you');
    expect(toast.textContent).toContain('By Ben Ortiz.');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(toast).getByRole('button', { name: 'Open' }));
    });
    expect(location.history?.at(-1)).toBe('/checklist/checklist%201');
    await waitFor(() => expect(marked).toEqual([{ ids: ['ntf_7'] }]));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('one by a member no longer named still reads whole', async () => {
    serve({ notifications: [{ ...ASSIGNED, by: null, readAt: ASSIGNED.createdAt }], unreadCount: 0 });
    renderHeader(fakeRealtime().client);
    const button = await screen.findByRole('button', { name: 'Notifications' });
    await act(async () => {
      fireEvent.keyDown(button, { key: 'Enter' });
    });
    const entry = within(await screen.findByRole('menu')).getByTestId('notification');
    expect(entry.textContent).toContain('By a member of your team.');
    expect(entry.getAttribute('data-unread')).toBeNull();
  });

  it('the empty menu says assignments come here too', async () => {
    serve({ notifications: [], unreadCount: 0 });
    renderHeader(fakeRealtime().client);
    const button = await screen.findByRole('button', { name: 'Notifications' });
    await act(async () => {
      fireEvent.keyDown(button, { key: 'Enter' });
    });
    await screen.findByRole('menu');
    expect(screen.getByTestId('notifications-empty').textContent).toContain('assigns one to you');
  });
});

describe('the due-date notifications (issue 31)', () => {
  it.each([
    ['overdue', '“Cabin turnover” is overdue', 'It passed its due time before it was completed.'],
    ['due_soon', '“Cabin turnover” is due within the hour', 'Nobody has started it yet.'],
  ] as const)('%s is listed in its words and opens its checklist', async (kind, title, detail) => {
    const marked = serve({ notifications: [{ ...ASSIGNED, kind, by: null }], unreadCount: 1 });
    const location = renderHeader(fakeRealtime().client);
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await act(async () => {
      fireEvent.keyDown(button, { key: 'Enter' });
    });
    const entry = within(await screen.findByRole('menu')).getByTestId('notification');
    expect(entry.textContent).toContain(title);
    expect(entry.textContent).toContain(detail);
    fireEvent.click(within(entry).getByRole('menuitem'));
    expect(location.history?.at(-1)).toBe('/checklist/checklist%201');
    await waitFor(() => expect(marked).toEqual([{ ids: ['ntf_7'] }]));
  });
});
