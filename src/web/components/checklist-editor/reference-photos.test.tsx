import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { FakeXhr } from '#tests/support/fake-xhr';
import { act, fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { checklistKeys } from '../../sync/index.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { ChecklistEditor } from './checklist-editor.tsx';

/**
 * Reference photos in the owner's editor (docs/decisions/0026): set and removed per saved task, sent at
 * once (not part of the form's save), the answer shown in the row and put in the cached checklist.
 */

const fetchMock = mockFetchEachTest();

const BED: Task = {
  id: 'task_bed',
  description: 'Make the bed',
  completed: false,
  photoRequired: true,
  photoUrl: null,
  referencePhotoUrl: '/api/photos/photo_old',
  details: '',
  completedAt: null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
};
const TOWELS: Task = { ...BED, id: 'task_towels', description: 'Fold the towels', referencePhotoUrl: null };
const CHECKLIST: Checklist = aChecklist({
  name: 'Turnover',
  tasks: [BED, TOWELS],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
});

beforeEach(() => {
  FakeXhr.install();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  // jsdom lays nothing out: the editor scrolls its heading into view when it opens.
  Element.prototype.scrollIntoView = vi.fn();
});

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(checklistKeys.detail('checklist_1'), CHECKLIST);
  const onSave = vi.fn(async () => ({ status: 'saved' as const }));
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ChecklistEditor checklist={CHECKLIST} onSave={onSave} onCancel={vi.fn()} onShare={vi.fn()} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, onSave };
}

const cached = (client: QueryClient) => client.getQueryData<Checklist>(checklistKeys.detail('checklist_1'));
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

describe('reference photos in the editor', () => {
  it('adds one to a saved task at once: the row and the cached checklist show it; a save leaves it out', async () => {
    const { client, onSave } = renderEditor();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Add a reference photo for task 2' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reference photo' });
    const file = new File([new Uint8Array(40_000)], 'towels.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.change(within(dialog).getByTestId('photo-file-input'), { target: { files: [file] } });
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Photo' })));
    const request = FakeXhr.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/checklists/checklist_1/tasks/task_towels/reference-photo');
    expect(request.file('photo').name).toBe('towels.jpg');
    const answer: Task = { ...TOWELS, referencePhotoUrl: '/api/photos/photo_new' };
    await act(async () => request.respond(200, answer));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastText()).toContain('Reference photo saved');
    const replace = screen.getByRole('button', { name: 'Replace the reference photo of task 2' });
    expect(replace.querySelector('img')?.getAttribute('src')).toBe('/api/photos/photo_new?size=thumb');
    expect(cached(client)?.tasks[1]).toEqual(answer);
    expect(cached(client)).toMatchObject({ status: 'not-started', progress: 0 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    const [body] = onSave.mock.calls[0] as unknown as [{ tasks: object[] }];
    for (const task of body.tasks) expect(task).not.toHaveProperty('referencePhotoUrl');
  });

  it('removes one after asking, with DELETE', async () => {
    const { client } = renderEditor();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...BED, referencePhotoUrl: null }));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove the reference photo of task 1' })),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Remove reference photo?' });
    expect(confirm.textContent).toContain('“Make the bed”');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(toastText()).toContain('Reference photo removed'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/checklists/checklist_1/tasks/task_bed/reference-photo');
    expect(init?.method).toBe('DELETE');
    expect(screen.getByRole('button', { name: 'Add a reference photo for task 1' })).toBeTruthy();
    expect(cached(client)?.tasks[0]?.referencePhotoUrl).toBeNull();
  });

  it('a refused removal says so and keeps the photo', async () => {
    renderEditor();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(503, { error: { code: 'service_unavailable', message: 'x' } }),
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove the reference photo of task 1' })),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Remove reference photo?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(toastText()).toContain('Failed to remove the reference photo'));
    expect(screen.getByRole('button', { name: 'Replace the reference photo of task 1' })).toBeTruthy();
  });

  it('a task added in this edit (not on the server yet) cannot have one until saved', async () => {
    renderEditor();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Task' })));
    const add = screen.getByRole('button', { name: 'Add a reference photo for task 3' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe('Save the checklist first to add a reference photo to this task.');
  });
});
