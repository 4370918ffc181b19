import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ChecklistSummary } from '#domain/checklist';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { ANA, ANA_USER, BEN, CARA } from '#tests/support/team-fixtures';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { AuthProvider } from '../../hooks/use-auth.tsx';
import { OfflineQueueProvider } from '../../hooks/use-offline-queue.tsx';
import { memoryBlobStore, memoryOpStore, type QueuedOp } from '../../sync/index.ts';
import { ChecklistPanel } from './checklist-panel.tsx';
import { ASSIGNMENT_FILTER_KEY } from './use-assignment-filter.ts';

/**
 * The dashboard's list in a team: each row says who made the checklist and who it is assigned to (the
 * spec's words kept), and 'All' / 'Assigned to me' filters it on this device, remembered in the address
 * and on the device.
 */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));
afterEach(() => window.localStorage.clear());

function row(id: string, name: string, people: Pick<ChecklistSummary, 'createdBy' | 'assignee'>) {
  const at = new Date().toISOString();
  return {
    id,
    name,
    status: 'not-started',
    progress: 0,
    remarks: '',
    createdAt: at,
    updatedAt: at,
    userId: 'u_ana',
    version: 1,
    submittedAt: null,
    dueAt: null,
    overdue: false,
    cancelled: false,
    approvedAt: null,
    approvedBy: null,
    address: null,
    addressLocation: null,
    taskCount: 3,
    completedCount: 0,
    ...people,
  } satisfies ChecklistSummary;
}

const LIST = [
  row('c1', 'Cabin turnover', { createdBy: CARA, assignee: BEN }),
  row('c2', 'Boiler check', { createdBy: BEN, assignee: ANA }),
  row('c3', 'Garden', { createdBy: ANA, assignee: null }),
];

const listRequests: string[] = [];
afterEach(() => {
  listRequests.length = 0;
});

/** The server's pages of `list`: `limit` rows after the `cursor` (here the index), the next in `Link`. */
function listPage(url: string, list: ChecklistSummary[]) {
  listRequests.push(url);
  const params = new URL(url, 'http://test').searchParams;
  expect(params.get('userId')).toBe('u_ana');
  const assignee = params.get('assignee');
  const rows = assignee ? list.filter((item) => item.assignee?.uid === assignee) : list;
  const start = Number(params.get('cursor') ?? 0);
  const limit = Number(params.get('limit') ?? rows.length);
  const end = start + limit;
  const next = new URLSearchParams(params);
  next.set('cursor', String(end));
  return jsonResponse(
    200,
    rows.slice(start, end),
    end < rows.length ? { link: `</api/checklists?${next}>; rel="next"` } : {},
  );
}

function renderPanel({
  list = LIST,
  path = '/dashboard',
  ops = [],
}: {
  list?: ChecklistSummary[];
  path?: string;
  ops?: QueuedOp[];
} = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/me') return jsonResponse(200, { user: ANA_USER });
    if (url.startsWith('/api/checklists?')) return listPage(url, list);
    return jsonResponse(200, {});
  });
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider
          ops={memoryOpStore(ops)}
          blobs={memoryBlobStore()}
          transport={{ send: () => new Promise(() => undefined) }}
        >
          <AuthProvider>
            <Router hook={location.hook}>
              <ChecklistPanel
                actions={{ onEdit: vi.fn(), onShare: vi.fn(), onDuplicate: vi.fn(), onDelete: vi.fn() }}
                onCreate={vi.fn()}
                onCreateFromTemplate={vi.fn()}
                openingId={null}
              />
            </Router>
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return location;
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Checklists' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const rowOf = (name: string) =>
  screen.getByRole('link', { name }).closest('[data-testid="checklist-row"]') as HTMLElement;

describe('who made each checklist and who it is assigned to', () => {
  it('names them beside the spec’s words, me as you; nothing for an unassigned one', async () => {
    renderPanel();
    await screen.findByRole('link', { name: 'Cabin turnover' });
    const cabin = rowOf('Cabin turnover');
    expect(cabin.textContent).toContain('3 tasks • Created Today');
    expect(within(cabin).getByTestId('row-created-by').textContent).toBe('By Cara Diaz');
    const chip = within(cabin).getByTestId('row-assignee');
    // The sentence is what it is read as (a phone shows the name alone beside it, hidden from readers).
    expect(within(chip).getByText('Assigned to Ben Ortiz')).toBeTruthy();
    expect(within(chip).getByText('Ben Ortiz').getAttribute('aria-hidden')).toBe('true');
    expect(within(rowOf('Boiler check')).getByTestId('row-assignee').textContent).toContain(
      'Assigned to you',
    );
    const garden = rowOf('Garden');
    expect(within(garden).getByTestId('row-created-by').textContent).toBe('By you');
    expect(within(garden).queryByTestId('row-assignee')).toBeNull();
  });

  it('a checklist from before teams (nobody named) shows only the spec’s words', async () => {
    renderPanel({ list: [row('c9', 'Old list', { createdBy: null, assignee: null })] });
    await screen.findByRole('link', { name: 'Old list' });
    expect(screen.queryByTestId('row-created-by')).toBeNull();
    expect(screen.queryByTestId('row-assignee')).toBeNull();
  });
});

describe("the filter 'All' / 'Assigned to me'", () => {
  it('shows all at first; Assigned to me keeps mine, in the address and on the device', async () => {
    const location = renderPanel();
    await screen.findByRole('link', { name: 'Garden' });
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: 'Show checklists' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'All' })).toBeTruthy();
    expect(rowNames()).toEqual(['Cabin turnover', 'Boiler check', 'Garden']);

    fireEvent.click(screen.getByRole('tab', { name: 'Assigned to me' }));
    expect(rowNames()).toEqual(['Boiler check']);
    expect(screen.getByRole('tabpanel', { name: 'Assigned to me' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard?filter=mine');
    expect(window.localStorage.getItem(ASSIGNMENT_FILTER_KEY)).toBe('mine');

    fireEvent.click(all);
    expect(rowNames()).toHaveLength(3);
    expect(location.history?.at(-1)).toBe('/dashboard');
    expect(window.localStorage.getItem(ASSIGNMENT_FILTER_KEY)).toBe('all');
  });

  it('from the keyboard: one tab stop, the arrow keys, Home and End choose', async () => {
    renderPanel();
    await screen.findByRole('link', { name: 'Garden' });
    const all = screen.getByRole('tab', { name: 'All' });
    const mine = screen.getByRole('tab', { name: 'Assigned to me' });
    expect([all.tabIndex, mine.tabIndex]).toEqual([0, -1]);
    act(() => all.focus());
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(mine);
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect([all.tabIndex, mine.tabIndex]).toEqual([-1, 0]);
    expect(rowNames()).toEqual(['Boiler check']);
    fireEvent.keyDown(mine, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(all);
    fireEvent.keyDown(all, { key: 'End' });
    expect(document.activeElement).toBe(mine);
    fireEvent.keyDown(mine, { key: 'Home' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    // Other keys are left alone.
    fireEvent.keyDown(all, { key: 'ArrowDown' });
    expect(all.getAttribute('aria-selected')).toBe('true');
  });

  it('opens on Assigned to me from the address (?filter=mine)', async () => {
    renderPanel({ path: '/dashboard?filter=mine' });
    await screen.findByRole('link', { name: 'Boiler check' });
    expect(screen.getByRole('tab', { name: 'Assigned to me' }).getAttribute('aria-selected')).toBe('true');
    expect(rowNames()).toEqual(['Boiler check']);
  });

  it('opens on the last choice made on this device', async () => {
    window.localStorage.setItem(ASSIGNMENT_FILTER_KEY, 'mine');
    renderPanel();
    await screen.findByRole('link', { name: 'Boiler check' });
    expect(rowNames()).toEqual(['Boiler check']);
  });

  it('a link to ?filter=all shows all, whatever was chosen last on this device', async () => {
    window.localStorage.setItem(ASSIGNMENT_FILTER_KEY, 'mine');
    renderPanel({ path: '/dashboard?filter=all' });
    await screen.findByRole('link', { name: 'Garden' });
    expect(rowNames()).toHaveLength(3);
  });

  it('an address naming something else is read as no choice', async () => {
    renderPanel({ path: '/dashboard?filter=everything' });
    await screen.findByRole('link', { name: 'Garden' });
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  });

  it('nothing assigned to me: says so, and Show all checklists goes back to All', async () => {
    renderPanel({
      path: '/dashboard?filter=mine',
      list: [row('c1', 'Cabin turnover', { createdBy: CARA, assignee: BEN })],
    });
    expect(await screen.findByText('Nothing is assigned to you')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Checklists' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all checklists' }));
    expect(rowNames()).toEqual(['Cabin turnover']);
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  });

  it('no checklists at all: the spec’s empty state, whichever the filter', async () => {
    renderPanel({ path: '/dashboard?filter=mine', list: [] });
    expect(await screen.findByText('No checklists yet. Create your first one!')).toBeTruthy();
    expect(screen.queryByText('Nothing is assigned to you')).toBeNull();
  });

  it('a checklist assigned to me on this device, not synced yet, is already mine', async () => {
    const pending: QueuedOp = {
      kind: 'assign',
      assignee: ANA,
      key: 'key-0000000000000001',
      checklistId: 'c1',
      context: { kind: 'owner' },
      changedAt: new Date().toISOString(),
      seq: 1,
      tried: true,
    };
    renderPanel({ path: '/dashboard?filter=mine', ops: [pending] });
    await waitFor(() => expect(rowNames()).toEqual(['Cabin turnover', 'Boiler check']));
    const cabin = rowOf('Cabin turnover');
    expect(within(cabin).getByTestId('row-assignee').textContent).toContain('Assigned to you');
    expect(within(cabin).getByTestId('pending-sync')).toBeTruthy();
  });
});

describe("the list's pages: 'Show more' (decision 0063)", () => {
  const many = Array.from({ length: 120 }, (_, index) =>
    row(`c${String(index).padStart(3, '0')}`, `List ${index}`, {
      createdBy: ANA,
      assignee: index % 3 === 0 ? ANA : BEN,
    }),
  );

  it('shows the first 50, then the next 50 on each Show more, until the last page', async () => {
    renderPanel({ list: many });
    await screen.findByRole('link', { name: 'List 0' });
    expect(rowNames()).toHaveLength(50);
    expect(listRequests).toEqual(['/api/checklists?userId=u_ana&limit=50']);
    const more = screen.getByRole('button', { name: 'Show more checklists' });
    fireEvent.click(more);
    await screen.findByRole('link', { name: 'List 99' });
    expect(rowNames()).toHaveLength(100);
    expect(rowNames().slice(48, 52)).toEqual(['List 48', 'List 49', 'List 50', 'List 51']);
    // The button stayed where it was (focus is not lost), and asks for the page the Link named.
    expect(screen.getByRole('button', { name: 'Show more checklists' })).toBe(more);
    expect(listRequests.at(-1)).toBe('/api/checklists?userId=u_ana&limit=50&cursor=50');
    fireEvent.click(more);
    await screen.findByRole('link', { name: 'List 119' });
    expect(rowNames()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('Assigned to me asks the server for mine, page by page, and Show more goes on with mine', async () => {
    renderPanel({ list: many, path: '/dashboard?filter=mine' });
    await waitFor(() => expect(rowNames()).toHaveLength(40));
    expect(listRequests).toContain('/api/checklists?userId=u_ana&limit=50&assignee=u_ana');
    expect(rowNames().every((name) => Number(name?.slice(5)) % 3 === 0)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more checklists' })).toBeNull();
    // 40 of the 120 are mine: the team's first page and mine's first page hold them all (no more).
    expect(rowNames().at(-1)).toBe('List 117');
  });

  it('no Show more when everything fits in the first page', async () => {
    renderPanel();
    await screen.findByRole('link', { name: 'Garden' });
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
