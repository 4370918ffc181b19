import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Checklist } from '#domain/checklist';
import { TEAM_MESSAGES } from '#domain/teams';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { ANA_USER, BEN, checklistFixture, teamResponse } from '#tests/support/team-fixtures';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { AuthProvider } from '../../hooks/use-auth.tsx';
import { OfflineQueueProvider } from '../../hooks/use-offline-queue.tsx';
import { checklistKeys, memoryBlobStore, memoryOpStore, ownerChecklistSlot } from '../../sync/index.ts';
import ChecklistPage from '../checklist.tsx';
import { ChecklistPeople } from './checklist-people.tsx';
import { ChecklistView } from './checklist-view.tsx';

/**
 * The owner's page says who made the checklist and who works on it: the Assignee menu lists the
 * active team's members and 'Unassigned'; a choice shows at once, goes through the offline queue as
 * PATCH {assigneeUid}, and the answer replaces the copy. Refusals are told in the server's words.
 */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));

const CHECKLIST = checklistFixture();
const TEAM = teamResponse();

interface Server {
  team?: () => Response | Promise<Response>;
  patch?: (body: unknown) => Response | Promise<Response>;
  read?: () => Response;
}

/** Answers as the server would; records the PATCHes it was sent. */
function serve({ team = () => jsonResponse(200, TEAM), patch, read }: Server) {
  const patches: { body: unknown; key: string | null }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return jsonResponse(200, { user: ANA_USER });
    if (url === '/api/team') return team();
    if (url === '/api/checklists/checklist_1' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body));
      patches.push({ body, key: new Headers(init?.headers).get('idempotency-key') });
      return patch ? patch(body) : jsonResponse(200, { ...CHECKLIST, assignee: BEN, version: 2 });
    }
    if (url === '/api/checklists/checklist_1' && read) return read();
    return jsonResponse(200, {});
  });
  return patches;
}

/** The view over the cached copy, with the owner's people line, as the owner's page draws it. */
function CachedView() {
  const client = useQueryClient();
  const slot = ownerChecklistSlot('checklist_1');
  useQuery({ queryKey: slot.key, queryFn: () => new Promise<never>(() => {}), enabled: false });
  const checklist = slot.read(client);
  return checklist ? (
    <ChecklistView
      checklist={checklist}
      slot={slot}
      people={(changes) => <ChecklistPeople view={changes.view} onAssign={changes.assign} />}
    />
  ) : null;
}

function renderPage(seed: Checklist = CHECKLIST) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(checklistKeys.detail('checklist_1'), seed);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          <AuthProvider>
            <CachedView />
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

/** Opens the Assignee menu from the keyboard (its code is already here, as after the page's idle time). */
async function openMenu(name: string | RegExp = /^Assignee: /) {
  const button = await screen.findByRole('button', { name });
  await act(async () => {
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
  });
  return screen.findByRole('menu', { name: 'Assignee' });
}

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

describe('who works on a checklist', () => {
  it("names the creator, and lists 'Unassigned' then the team's members by name, me marked", async () => {
    serve({});
    renderPage();
    expect((await screen.findByTestId('created-by')).textContent).toBe('Created by Cara Diaz');
    const menu = await openMenu('Assignee: Unassigned');
    await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.querySelector('[dir="auto"]')?.textContent)).toEqual([
      'Unassigned',
      'Ana Lopez (you)',
      'Ben Ortiz',
      'Cara Diaz',
    ]);
    expect(items[0]?.getAttribute('aria-checked')).toBe('true');
    // From the keyboard the first choice has the focus.
    expect(document.activeElement).toBe(items[0]);
  });

  it('a choice shows at once, waiting to sync, is sent as PATCH {assigneeUid} with a key, and the answer replaces the copy', async () => {
    let answer: (response: Response) => void = () => undefined;
    const patches = serve({ patch: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const client = renderPage();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' }));
    expect(await screen.findByRole('button', { name: 'Assignee: Ben Ortiz' })).toBeTruthy();
    expect(screen.getByTestId('pending-sync')).toBeTruthy();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ assigneeUid: 'u_ben' });
    expect(patches[0]?.key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    await act(async () => answer(jsonResponse(200, { ...CHECKLIST, assignee: BEN, version: 2 })));
    await waitFor(() => expect(screen.queryByTestId('pending-sync')).toBeNull());
    expect(client.getQueryData<Checklist>(checklistKeys.detail('checklist_1'))?.assignee).toEqual(BEN);
    expect(screen.getByRole('button', { name: 'Assignee: Ben Ortiz' })).toBeTruthy();
  });

  it('unassigning sends null; choosing the one already chosen sends nothing', async () => {
    const patches = serve({ patch: () => jsonResponse(200, CHECKLIST) });
    renderPage({ ...CHECKLIST, assignee: BEN });
    let menu = await openMenu('Assignee: Ben Ortiz');
    fireEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    menu = await openMenu('Assignee: Ben Ortiz');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Unassigned' }));
    expect(await screen.findByRole('button', { name: 'Assignee: Unassigned' })).toBeTruthy();
    await waitFor(() => expect(patches.map((patch) => patch.body)).toEqual([{ assigneeUid: null }]));
  });

  it('offline: kept on this device and shown as pending; nothing is sent', async () => {
    const patches = serve({});
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage();
      const menu = await openMenu();
      fireEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' }));
      expect(await screen.findByRole('button', { name: 'Assignee: Ben Ortiz' })).toBeTruthy();
      expect(screen.getByTestId('pending-sync').textContent).toContain('Pending sync');
      await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
      expect(patches).toEqual([]);
    } finally {
      offline.mockRestore();
    }
  });

  it('a refusal is told in the server’s words and the copy read again puts the assignee back', async () => {
    serve({
      patch: () =>
        jsonResponse(400, { error: { code: 'validation_failed', message: TEAM_MESSAGES.assigneeNotMember } }),
      read: () => jsonResponse(200, CHECKLIST),
    });
    renderPage();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' }));
    await waitFor(() => expect(toastText()).toContain(TEAM_MESSAGES.assigneeNotMember));
    expect(toastText()).toContain('Assigning “Cabin turnover” to Ben Ortiz');
    expect(await screen.findByRole('button', { name: 'Assignee: Unassigned' })).toBeTruthy();
  });

  it('removed from the team meanwhile: the exact words, not a generic failure', async () => {
    serve({
      patch: () =>
        jsonResponse(404, { error: { code: 'not_found', message: TEAM_MESSAGES.removedFromTeam } }),
      read: () => jsonResponse(404, { error: { code: 'not_found', message: TEAM_MESSAGES.removedFromTeam } }),
    });
    renderPage();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Ben Ortiz' }));
    await waitFor(() => expect(toastText()).toContain(TEAM_MESSAGES.removedFromTeam));
    expect(toastText()).not.toContain('could not be saved');
  });

  it('the team could not be loaded: says so, offers Try again, and Unassigned still works', async () => {
    let fail = true;
    serve({
      team: () =>
        fail
          ? jsonResponse(500, { error: { code: 'internal', message: 'Internal Server Error' } })
          : jsonResponse(200, TEAM),
    });
    renderPage({ ...CHECKLIST, assignee: BEN });
    const menu = await openMenu('Assignee: Ben Ortiz');
    expect(await within(menu).findByText('Your team could not be loaded.')).toBeTruthy();
    expect(within(menu).getByRole('menuitemradio', { name: 'Unassigned' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Try again' }));
    expect(await within(menu).findByRole('menuitemradio', { name: 'Cara Diaz' })).toBeTruthy();
    // The menu stayed open for the choice.
    expect(screen.getByRole('menu', { name: 'Assignee' })).toBeTruthy();
  });

  it('an assignee who left the team is still named, not offered again', async () => {
    serve({});
    renderPage({ ...CHECKLIST, assignee: { uid: 'u_gone', displayName: 'Dee Park' } });
    const menu = await openMenu('Assignee: Dee Park');
    const former = await within(menu).findByRole('menuitemradio', { name: /Dee Park/ });
    expect(former.textContent).toContain('no longer in the team');
    expect(former.getAttribute('aria-checked')).toBe('true');
    expect(former.getAttribute('aria-disabled')).toBe('true');
  });
});

describe("the owner's page after a removal from the team", () => {
  it('shows Checklist Not Found with the server’s words', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/checklists/checklist_1'
        ? jsonResponse(404, { error: { code: 'not_found', message: TEAM_MESSAGES.removedFromTeam } })
        : jsonResponse(200, {}),
    );
    const { hook } = memoryLocation({ path: '/checklist/checklist_1' });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
            <Router hook={hook}>
              <Route path="/checklist/:id">
                <ChecklistPage />
              </Route>
            </Router>
          </OfflineQueueProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Checklist Not Found' })).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.removedFromTeam)).toBeTruthy();
    expect(screen.queryByText('This checklist may have been deleted or the link is invalid.')).toBeNull();
  });
});
