import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import {
  ANA,
  ANA_USER,
  BEN,
  CARA,
  checklistFixture,
  taskFixture,
  teamResponse,
} from '#tests/support/team-fixtures';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { AuthProvider } from '../../hooks/use-auth.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { ChecklistEditor, type ChecklistEditorSave } from './checklist-editor.tsx';

/**
 * The editor's Assignee field: it starts from the checklist (or 'Unassigned' for a new one), a choice
 * is part of the form (saved with Save Changes, dropped with Cancel), and only a change is handed on.
 */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/me') return jsonResponse(200, { user: ANA_USER });
    if (url === '/api/team') return jsonResponse(200, TEAM);
    return jsonResponse(200, {});
  });
});

const TEAM = teamResponse([ANA, BEN, CARA], 'member');
const CHECKLIST = checklistFixture({
  id: 'c1',
  tasks: [taskFixture('t1', 'Sweep')],
  createdBy: ANA,
  assignee: BEN,
  version: 3,
});

function Editor({ checklist, onSave }: { checklist: Checklist | null; onSave: ChecklistEditorSave }) {
  return (
    <ChecklistEditor checklist={checklist} onSave={onSave} onCancel={() => undefined} onShare={vi.fn()} />
  );
}

function renderEditor(checklist: Checklist | null) {
  const onSave = vi.fn<ChecklistEditorSave>(async () => ({ status: 'saved' }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (given: Checklist | null) => (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <Editor checklist={given} onSave={onSave} />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(checklist));
  return { onSave, rerender: (given: Checklist | null) => view.rerender(wrap(given)) };
}

async function choose(current: string, name: string) {
  const button = screen.getByRole('button', { name: `Assignee: ${current}` });
  await act(async () => {
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
  });
  const menu = await screen.findByRole('menu', { name: 'Assignee' });
  fireEvent.click(await within(menu).findByRole('menuitemradio', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));

describe("the editor's Assignee field", () => {
  it('starts from the checklist; a new choice is handed on with Save Changes', async () => {
    const { onSave } = renderEditor(CHECKLIST);
    expect(screen.getByRole('button', { name: 'Assignee: Ben Ortiz' })).toBeTruthy();
    await choose('Ben Ortiz', 'Cara Diaz');
    expect(screen.getByRole('button', { name: 'Assignee: Cara Diaz' })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await save();
    expect(onSave).toHaveBeenCalledWith(
      { name: 'Cabin turnover', tasks: [expect.objectContaining({ id: 't1', description: 'Sweep' })] },
      3,
      { uid: 'u_cara', displayName: 'Cara Diaz' },
    );
  });

  it('saving the name alone hands on no assignee (nobody is assigned, or told, again)', async () => {
    const { onSave } = renderEditor(CHECKLIST);
    fireEvent.change(screen.getByRole('textbox', { name: 'Checklist Name' }), {
      target: { value: 'Cabin turnover, deep clean' },
    });
    await save();
    expect(onSave.mock.calls[0]?.[2]).toBeUndefined();
  });

  it('choosing Unassigned hands on null', async () => {
    const { onSave } = renderEditor(CHECKLIST);
    await choose('Ben Ortiz', 'Unassigned');
    await save();
    expect(onSave.mock.calls[0]?.[2]).toBeNull();
  });

  it("a new checklist starts Unassigned; choosing someone hands them on with the create's save", async () => {
    const { onSave } = renderEditor(null);
    expect(screen.getByRole('button', { name: 'Assignee: Unassigned' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Checklist Name' }), {
      target: { value: 'Garden' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Task 1 description' }), {
      target: { value: 'Mow the lawn' },
    });
    await choose('Unassigned', 'Ana Lopez');
    await save();
    expect(onSave.mock.calls[0]?.slice(1)).toEqual([null, { uid: 'u_ana', displayName: 'Ana Lopez' }]);
  });

  it('another checklist given to the form resets the field to its assignee', async () => {
    const { rerender } = renderEditor(CHECKLIST);
    await choose('Ben Ortiz', 'Cara Diaz');
    rerender({ ...CHECKLIST, id: 'c2', assignee: null });
    expect(await screen.findByRole('button', { name: 'Assignee: Unassigned' })).toBeTruthy();
  });

  it('cannot be changed while the save is on its way', async () => {
    let finish: () => void = () => undefined;
    const { onSave } = renderEditor(CHECKLIST);
    onSave.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({ status: 'saved' }))));
    await save();
    const button = screen.getByRole('button', { name: 'Assignee: Ben Ortiz' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => finish());
    expect(button.disabled).toBe(false);
  });
});
