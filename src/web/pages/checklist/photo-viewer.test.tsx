import { describe, expect, it, vi } from 'vitest';
import type { Task } from '#domain/checklist';
import { act, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import { mockFetchEachTest } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { PhotoViewer, type PhotoViewerProps } from './photo-viewer.tsx';

mockFetchEachTest();

const TASK: Task = {
  id: 'task_1',
  description: 'Photograph the kitchen',
  completed: true,
  photoRequired: true,
  photoUrl: '/api/photos/photo_1',
  referencePhotoUrl: null,
  details: '',
  completedAt: '2026-01-01T00:00:00.000Z',
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
};

function renderViewer(props: Partial<PhotoViewerProps> = {}) {
  const handlers = {
    onOpenChange: vi.fn(),
    onReplace: vi.fn(),
    remove: vi.fn(async (): Promise<'applied' | 'queued'> => 'applied'),
  };
  render(
    <ToastProvider>
      <PhotoViewer open task={TASK} {...handlers} {...props} />
    </ToastProvider>,
  );
  return { ...handlers, ...props, viewer: screen.getByRole('dialog', { name: 'Photograph the kitchen' }) };
}

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

async function confirmRemoval(viewer: HTMLElement) {
  await act(async () => fireEvent.click(within(viewer).getByRole('button', { name: 'Remove photo' })));
  const confirm = screen.getByRole('alertdialog', { name: 'Remove photo?' });
  expect(confirm.textContent).toContain('The photo of “Photograph the kitchen” will be deleted');
  await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Remove photo' })));
}

describe('the photo viewer', () => {
  it('shows the display size, described by the task, in a frame of its shape', () => {
    const { viewer } = renderViewer({ aspectRatio: 0.75 });
    const image = within(viewer).getByRole('img', { name: 'Photograph the kitchen' });
    expect(image.getAttribute('src')).toBe('/api/photos/photo_1');
    expect(within(viewer).getByTestId('photo-viewer-frame').style.aspectRatio).toBe('0.75 / 1');
    expect(within(viewer).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('says so when the photo cannot be loaded', async () => {
    const { viewer } = renderViewer();
    await act(async () => fireEvent.error(within(viewer).getByRole('img')));
    expect(within(viewer).getByRole('alert').textContent).toContain('The photo could not be loaded.');
  });

  it('Replace photo hands over to the photo dialog', async () => {
    const { viewer, onReplace } = renderViewer();
    await act(async () => fireEvent.click(within(viewer).getByRole('button', { name: 'Replace photo' })));
    expect(onReplace).toHaveBeenCalledOnce();
  });

  it('Remove photo asks first; Cancel keeps it', async () => {
    const { viewer, remove } = renderViewer();
    await act(async () => fireEvent.click(within(viewer).getByRole('button', { name: 'Remove photo' })));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove photo?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' })));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Photograph the kitchen' })).toBeTruthy();
  });

  it('removes after the confirmation, says so and closes', async () => {
    const { viewer, remove, onOpenChange } = renderViewer();
    await confirmRemoval(viewer);
    expect(remove).toHaveBeenCalledOnce();
    expect(toastText()).toContain('Photo removed');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offline, the removal is kept on this device and not claimed as done', async () => {
    const { viewer, onOpenChange } = renderViewer({ remove: vi.fn(async () => 'queued' as const) });
    await confirmRemoval(viewer);
    expect(toastText()).toContain("The photo will be removed when you're back online.");
    expect(toastText()).not.toContain('Photo removed');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a failed removal says so and keeps the viewer open', async () => {
    const remove = vi.fn(async () => {
      throw new Error('offline');
    });
    const { viewer, onOpenChange } = renderViewer({ remove });
    await confirmRemoval(viewer);
    expect(toastText()).toContain('Failed to remove photo. Please try again.');
    expect(toastText()).not.toContain('Photo removed');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
