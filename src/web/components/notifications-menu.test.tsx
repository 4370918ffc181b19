import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '#domain/notification-texts';
import { act, fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { NotificationsMenu } from './notifications-menu.tsx';
import { ToastProvider } from './ui/toast.tsx';

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));

const submitted: Notification = {
  id: 'ntf_2',
  kind: 'submitted',
  checklistId: 'c1',
  checklistName: 'Cabin turnover',
  shareId: 's1',
  recipient: 'Jane (j•••e@example.com)',
  by: null,
  reason: null,
  createdAt: new Date().toISOString(),
  readAt: null,
};
const noCode: Notification = {
  ...submitted,
  id: 'ntf_1',
  kind: 'code_not_received',
  checklistName: 'Boiler',
};

/** The server: the list as given, all read once 'read' was posted. */
function renderMenu(list: NotificationList) {
  let current = list;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/notifications' && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse(200, current);
    }
    const now = new Date().toISOString();
    current = { notifications: current.notifications.map((n) => ({ ...n, readAt: now })), unreadCount: 0 };
    return new Response(null, { status: 204 });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <NotificationsMenu />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** Radix opens its menu on a pointer press (left button) or Enter. */
async function openMenu() {
  const button = await screen.findByRole('button', { name: /^Notifications/ });
  await act(async () => {
    fireEvent.keyDown(button, { key: 'Enter' });
  });
  return screen.findByRole('menu');
}

describe("the header's notifications", () => {
  it('names the unread count on the bell and shows it as a badge', async () => {
    renderMenu({ notifications: [submitted, noCode], unreadCount: 2 });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
  });

  it('lists them newest first, with Send a new code and Change the contact for a missing code', async () => {
    renderMenu({ notifications: [submitted, noCode], unreadCount: 2 });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const menu = await openMenu();
    const entries = menu.querySelectorAll('[data-testid="notification"]');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('“Cabin turnover” was submitted');
    expect(entries[1]?.textContent).toContain("A recipient of “Boiler” didn't get a code");
    expect(screen.getAllByRole('menuitem', { name: 'Send a new code' })).toHaveLength(1);
    expect(screen.getAllByRole('menuitem', { name: 'Change the contact' })).toHaveLength(1);
  });

  it('Mark all read posts once and drops the badge at once', async () => {
    renderMenu({ notifications: [submitted], unreadCount: 1 });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Mark all read' }));
    });
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url, init]) => [url, init?.body])).toEqual([['/api/notifications/read', '{}']]);
  });

  it('says so when there is nothing yet', async () => {
    renderMenu({ notifications: [], unreadCount: 0 });
    await screen.findByRole('button', { name: 'Notifications' });
    await openMenu();
    expect(screen.getByTestId('notifications-empty').textContent).toContain('Nothing yet');
  });
});
