import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, Task } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { FakeXhr } from '#tests/support/fake-xhr';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { renderCachedChecklistView } from '../../../../tests/support/checklist-view-web.tsx';
import { checklistKeys, ownerChecklistSlot, sharedChecklistSlot, sharedKeys } from '../../sync/index.ts';

/**
 * The photo flow inside the checklist view, for the owner and for a recipient: the task's box opens
 * the dialog, the upload's answer lands in the right cache (the owner's by id, the recipient's by the
 * share's token), the thumbnail opens the viewer, and Remove photo sends `photoUrl: null`.
 */

const fetchMock = mockFetchEachTest();

const PHOTO_TASK: Task = {
  id: 'task_photo',
  description: 'Photograph the kitchen',
  completed: false,
  photoRequired: true,
  photoUrl: null,
  referencePhotoUrl: null,
  details: '',
  completedAt: null,
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
};
const OTHER_TASK: Task = {
  ...PHOTO_TASK,
  id: 'task_keys',
  description: 'Collect the keys',
  photoRequired: false,
};
const CHECKLIST: Checklist = aChecklist({
  name: 'Move-in inspection',
  tasks: [PHOTO_TASK, OTHER_TASK],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const WITH_PHOTO: Task = {
  ...PHOTO_TASK,
  completed: true,
  completedAt: '2026-01-02T00:00:00.000Z',
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
  photoUrl: '/api/photos/photo_9',
};

beforeEach(() => {
  FakeXhr.install();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

/** Ticks the photo task, chooses a photo in the dialog that opens and starts its upload. */
async function startKitchenUpload() {
  await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Photograph the kitchen' })));
  const dialog = await screen.findByRole('dialog', { name: 'Photo required' });
  const file = new File([new Uint8Array(50_000)], 'kitchen.jpg', { type: 'image/jpeg' });
  await act(async () => {
    fireEvent.change(screen.getByTestId('photo-file-input'), { target: { files: [file] } });
  });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Photo' })));
  return { dialog, request: FakeXhr.last() };
}

async function uploadKitchenPhoto() {
  const { dialog, request } = await startKitchenUpload();
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/api/checklists/checklist_1/tasks/task_photo/photo');
  expect(request.withCredentials).toBe(true);
  expect(request.requestHeaders['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  expect(request.file('photo').name).toBe('kitchen.jpg');
  act(() => request.progress(25_000, 50_000));
  expect(
    within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
  ).toBe('50');
  await act(async () => request.respond(200, WITH_PHOTO));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(toastText()).toContain('Photo uploaded successfully');
}

async function removeKitchenPhoto() {
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      ...CHECKLIST,
      status: 'in-progress',
      progress: 50,
      tasks: [{ ...WITH_PHOTO, photoUrl: null }, OTHER_TASK],
    }),
  );
  await act(async () =>
    fireEvent.click(screen.getByRole('button', { name: 'View photo: Photograph the kitchen' })),
  );
  const viewer = await screen.findByRole('dialog', { name: 'Photograph the kitchen' });
  expect(within(viewer).getByRole('img', { name: 'Photograph the kitchen' }).getAttribute('src')).toBe(
    '/api/photos/photo_9',
  );
  await act(async () => fireEvent.click(within(viewer).getByRole('button', { name: 'Remove photo' })));
  const confirm = screen.getByRole('alertdialog', { name: 'Remove photo?' });
  await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Remove photo' })));
  await waitFor(() => expect(toastText()).toContain('Photo removed'));
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/checklists/checklist_1/tasks/task_photo');
  expect(init?.method).toBe('PATCH');
  expect(JSON.parse(String(init?.body))).toMatchObject({ photoUrl: null });
  // A retry after a lost answer must not apply it twice: the request carries its own key.
  expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByRole('button', { name: 'View photo: Photograph the kitchen' })).toBeNull();
  // The task keeps its tick: the server's answer says so.
  expect((screen.getByRole('checkbox', { name: 'Photograph the kitchen' }) as HTMLInputElement).checked).toBe(
    true,
  );
}

describe('photos in the checklist view', () => {
  it("the owner: the upload's answer ticks the task and shows its thumbnail; the viewer removes it", async () => {
    const slot = ownerChecklistSlot('checklist_1');
    const client = renderCachedChecklistView(slot, (c) =>
      c.setQueryData(checklistKeys.detail('checklist_1'), CHECKLIST),
    );
    await uploadKitchenPhoto();

    expect(
      (screen.getByRole('checkbox', { name: 'Photograph the kitchen' }) as HTMLInputElement).checked,
    ).toBe(true);
    const thumbnail = screen.getByRole('button', { name: 'View photo: Photograph the kitchen' });
    const image = thumbnail.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/photos/photo_9?size=thumb');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['56', '56']);
    expect(client.getQueryData<Checklist>(checklistKeys.detail('checklist_1'))).toMatchObject({
      status: 'in-progress',
      progress: 50,
      tasks: [WITH_PHOTO, OTHER_TASK],
    });

    await removeKitchenPhoto();
    expect(
      client.getQueryData<Checklist>(checklistKeys.detail('checklist_1'))?.tasks[0]?.photoUrl,
    ).toBeNull();
  });

  it("a recipient: the answer goes into the share's cached copy, nothing into the owner's", async () => {
    const slot = sharedChecklistSlot('share-token', 'checklist_1');
    const shared: SharedChecklistResponse = {
      success: true,
      checklist: { ...CHECKLIST, userId: null },
      targetLanguage: 'en',
      ownerName: 'Ann Lee',
      recipientName: 'Jane',
      maskedContact: 'j•••e@example.com',
      language: 'en',
      sourceLanguage: 'en',
      translated: false,
      message: 'ok',
    };
    const client = renderCachedChecklistView(slot, (c) =>
      c.setQueryData(sharedKeys.checklist('share-token'), shared),
    );
    await uploadKitchenPhoto();

    const copy = client.getQueryData<SharedChecklistResponse>(sharedKeys.checklist('share-token'));
    expect(copy?.checklist.tasks[0]).toEqual(WITH_PHOTO);
    expect(copy?.ownerName).toBe('Ann Lee');
    expect(client.getQueryData(checklistKeys.detail('checklist_1'))).toBeUndefined();

    await removeKitchenPhoto();
    const after = client.getQueryData<SharedChecklistResponse>(sharedKeys.checklist('share-token'));
    expect(after?.checklist.tasks[0]?.photoUrl).toBeNull();
  });

  it('a refused upload leaves the task unticked and without a photo, and says why', async () => {
    const slot = ownerChecklistSlot('checklist_1');
    const client = renderCachedChecklistView(slot, (c) =>
      c.setQueryData(checklistKeys.detail('checklist_1'), CHECKLIST),
    );
    const { request } = await startKitchenUpload();
    await act(async () =>
      request.respond(404, { error: { code: 'not_found', message: 'This task no longer exists' } }),
    );
    expect(toastText()).toContain('Failed to upload photo. Please try again.');
    const dialog = screen.getByRole('dialog', { name: 'Photo required' });
    expect(within(dialog).getByRole('alert').textContent).toContain('This task no longer exists');
    expect(client.getQueryData<Checklist>(checklistKeys.detail('checklist_1'))?.tasks[0]).toEqual(PHOTO_TASK);
    const box = screen.getByRole('checkbox', { name: 'Photograph the kitchen', hidden: true });
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('a server failure keeps the photo on this device, shown as pending, never as uploaded', async () => {
    const slot = ownerChecklistSlot('checklist_1');
    renderCachedChecklistView(slot, (c) => c.setQueryData(checklistKeys.detail('checklist_1'), CHECKLIST));
    const { request } = await startKitchenUpload();
    await act(async () =>
      request.respond(503, { error: { code: 'service_unavailable', message: 'Try again later' } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastText()).toContain('Photo saved on this device');
    expect(toastText()).not.toContain('Photo uploaded successfully');
    const row = screen.getByRole('checkbox', { name: 'Photograph the kitchen' }).closest('li') as HTMLElement;
    expect((within(row).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(within(row).getByText('Pending sync')).toBeTruthy();
    expect(within(row).getByTestId('pending-photo')).toBeTruthy();
  });
});

describe('a reference photo in the checklist view', () => {
  const REFERENCE = '/api/photos/photo_ref';
  const withReference: Checklist = {
    ...CHECKLIST,
    tasks: [{ ...PHOTO_TASK, referencePhotoUrl: REFERENCE }, OTHER_TASK],
  };

  it('is marked beside the task, opens read-only, and is shown (marked) when proof is asked for', async () => {
    const slot = ownerChecklistSlot('checklist_1');
    renderCachedChecklistView(slot, (c) =>
      c.setQueryData(checklistKeys.detail('checklist_1'), withReference),
    );
    const chip = screen.getByRole('button', {
      name: 'Reference photo for “Photograph the kitchen”: what good looks like',
    });
    expect(chip.textContent).toBe('Reference photo');
    expect(chip.querySelector('img')?.getAttribute('src')).toBe(`${REFERENCE}?size=thumb`);
    // Never taken for proof: the task still says it needs its photo, and has no proof thumbnail.
    expect(screen.getByText('Photo required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View photo: Photograph the kitchen' })).toBeNull();

    await act(async () => fireEvent.click(chip));
    const viewer = await screen.findByRole('dialog', { name: 'Reference photo' });
    expect(viewer.textContent).toContain('It is an example, not proof');
    const large = within(viewer).getByRole('img', {
      name: 'Reference photo for “Photograph the kitchen”: what good looks like',
    });
    expect(large.getAttribute('src')).toBe(REFERENCE);
    expect(within(viewer).queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Replace photo' })).toBeNull();
    await act(async () => fireEvent.click(within(viewer).getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Ticking asks for proof, with the reference photo beside the picker; nothing is ticked.
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Photograph the kitchen' })));
    const dialog = await screen.findByRole('dialog', { name: 'Photo required' });
    const example = within(dialog).getByTestId('dialog-reference-photo');
    expect(example.textContent).toContain('Reference photo: what good looks like');
    expect(example.querySelector('img')?.getAttribute('src')).toBe(`${REFERENCE}?size=thumb`);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('checkbox', { name: 'Photograph the kitchen', hidden: true }) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  it('a task without one shows no reference', () => {
    const slot = ownerChecklistSlot('checklist_1');
    renderCachedChecklistView(slot, (c) => c.setQueryData(checklistKeys.detail('checklist_1'), CHECKLIST));
    expect(screen.queryByTestId('reference-photo')).toBeNull();
  });
});
