import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MESSAGES } from '#domain/photos';
import { act, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import { mockFetchEachTest } from '#tests/support/web-components';
import { ApiError } from '../lib/api.ts';
import { UploadNetworkError, type UploadOptions } from '../lib/upload-request.ts';
import { PhotoDialog, type PhotoDialogProps } from './photo-dialog.tsx';
import { ToastProvider } from './ui/toast.tsx';

mockFetchEachTest();

const MB = 1024 * 1024;

beforeEach(() => {
  // jsdom has no object URLs (the preview) and no image decoding.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

/** An upload the test finishes: it sees the options, reports progress, then resolves or rejects. */
function controlledUpload() {
  let finish: { resolve(outcome: 'applied' | 'queued'): void; reject(error: unknown): void } | null = null;
  let options: UploadOptions = {};
  const upload = vi.fn((_file: File, given: UploadOptions) => {
    options = given;
    return new Promise<'applied' | 'queued'>((resolve, reject) => {
      finish = { resolve, reject };
    });
  });
  return {
    upload,
    progress: (loaded: number, total: number | null) => act(() => options.onProgress?.({ loaded, total })),
    signal: () => options.signal,
    succeed: () => act(async () => finish?.resolve('applied')),
    keepForLater: () => act(async () => finish?.resolve('queued')),
    fail: (error: unknown) => act(async () => finish?.reject(error)),
  };
}

function renderDialog(props: Partial<PhotoDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const all: PhotoDialogProps = {
    open: true,
    onOpenChange,
    taskDescription: 'Photograph the kitchen',
    upload: vi.fn(async () => 'applied' as const),
    ...props,
  };
  render(
    <ToastProvider>
      <PhotoDialog {...all} />
    </ToastProvider>,
  );
  const titles = { required: 'Photo required', replace: 'Replace photo', reference: 'Reference photo' };
  const title = titles[all.purpose ?? 'required'];
  return { onOpenChange, dialog: screen.getByRole('dialog', { name: title }) };
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('photo-file-input'), { target: { files: [file] } });
  });
}

const photo = (size = 200_000, name = 'kitchen.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

/** The dialog with a photo chosen and its upload started (the test finishes it). */
async function startUpload(props: Partial<PhotoDialogProps> = {}) {
  const sending = controlledUpload();
  const rendered = renderDialog({ upload: sending.upload, ...props });
  await choose(photo());
  await act(async () => fireEvent.click(uploadButton(rendered.dialog)));
  return { ...rendered, sending };
}

const serverError = (status: number, code: string, message: string) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message } }));

const uploadButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Upload Photo' });
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

describe('the photo dialog', () => {
  it('offers Choose Photo and Take Photo (the back camera); nothing to upload yet', () => {
    const { dialog } = renderDialog();
    expect(dialog.textContent).toContain('“Photograph the kitchen” needs a photo before it can be ticked.');
    expect(within(dialog).getByRole('button', { name: 'Choose Photo' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Take Photo' })).toBeTruthy();
    expect(screen.getByTestId('photo-camera-input').getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('photo-file-input').getAttribute('capture')).toBeNull();
    expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a file that is not an image with the spec's title and message, and sends nothing", async () => {
    const upload = vi.fn();
    const { dialog } = renderDialog({ upload });
    await choose(new File(['just notes'], 'notes.txt', { type: 'text/plain' }));
    expect(toastText()).toContain(PHOTO_MESSAGES.invalidTypeTitle);
    expect(toastText()).toContain('Please select an image file');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an image file');
    expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(true);
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes an iPhone HEIC file that has no type, by its name', async () => {
    const { dialog } = renderDialog();
    await choose(photo(300_000, 'IMG_0001.HEIC', ''));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses an image over 5 MB that the browser cannot make smaller', async () => {
    const { dialog } = renderDialog();
    await choose(photo(5 * MB + 1, 'huge.heic', 'image/heic'));
    expect(toastText()).toContain('File too large');
    expect(toastText()).toContain('Image size should be less than 5MB');
    expect(within(dialog).getByRole('alert').textContent).toBe('Image size should be less than 5MB');
    expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes a large photo smaller before sending: the 5 MB check is for what is sent', async () => {
    const drawn: number[][] = [];
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4032, height: 3024, close: vi.fn() })),
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {
          drawn.push([width, height]);
        }
        getContext() {
          return { drawImage: vi.fn(), imageSmoothingQuality: 'low' };
        }
        async convertToBlob() {
          return new Blob([new Uint8Array(1_200_000)], { type: 'image/jpeg' });
        }
      },
    );
    const upload = vi.fn(async (_file: File, _options: UploadOptions) => 'applied' as const);
    const { dialog } = renderDialog({ upload });
    await choose(photo(12 * MB, 'IMG_4032.png', 'image/png'));
    expect(drawn).toEqual([[2560, 1920]]);
    expect(within(dialog).getByTestId('photo-size').textContent).toBe('1.1 MB, made smaller from 12.0 MB');
    await act(async () => fireEvent.click(uploadButton(dialog)));
    const sent = upload.mock.calls[0]?.[0] as unknown as File;
    expect(sent.size).toBe(1_200_000);
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('IMG_4032.jpg');
  });

  it('shows the progress while sending, with a cancel button; success only once the server has it', async () => {
    const { dialog, onOpenChange, sending } = await startUpload();
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen file' })).toBeTruthy();

    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await sending.progress(40_000, 100_000);
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Uploading photo… 40%');
    expect(within(dialog).getByRole('button', { name: 'Cancel upload' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await sending.progress(100_000, 100_000);
    expect(bar.getAttribute('aria-valuetext')).toBe('Saving photo…');
    // Everything sent is not yet saved: no success until the server answers.
    expect(toastText()).not.toContain(PHOTO_MESSAGES.uploaded);
    expect(onOpenChange).not.toHaveBeenCalled();

    await sending.succeed();
    expect(toastText()).toContain('Photo uploaded successfully');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a failed upload never claims success: the spec message, the reason, the task left as it was', async () => {
    const { dialog, onOpenChange, sending } = await startUpload();
    await sending.progress(100_000, 100_000);
    await sending.fail(serverError(500, 'internal_error', 'Internal error'));
    expect(toastText()).toContain('Failed to upload photo. Please try again.');
    expect(document.body.textContent).not.toContain(PHOTO_MESSAGES.uploaded);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Failed to upload photo. Please try again.');
    expect(alert.textContent).toContain('The photo was not saved and the task stays unticked.');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    // The same photo can be sent again.
    expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says the server's own words for a file it refuses (413, 415)", async () => {
    const { dialog, sending } = await startUpload({ purpose: 'replace' });
    expect(dialog.textContent).toContain(
      'A new photo for “Photograph the kitchen” takes the place of the current one.',
    );
    await sending.fail(serverError(413, 'file_too_large', 'Image size should be less than 5MB'));
    expect(toastText()).toContain('File too large');
    expect(toastText()).toContain('Image size should be less than 5MB');
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'The photo was not saved; the task keeps its current photo.',
    );
  });

  it('a dropped connection says so; Cancel upload stops the request and says nothing was saved', async () => {
    const { dialog, sending: dropped } = await startUpload();
    await dropped.fail(new UploadNetworkError());
    expect(within(dialog).getByRole('alert').textContent).toContain('The connection was lost');

    const cancelled = controlledUpload();
    dropped.upload.mockImplementation(cancelled.upload);
    await act(async () => fireEvent.click(uploadButton(dialog)));
    const signal = cancelled.signal();
    expect(signal?.aborted).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' })));
    expect(signal?.aborted).toBe(true);
    await cancelled.fail(new DOMException('The upload was cancelled', 'AbortError'));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Upload cancelled. The photo was not saved and the task stays unticked.',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain(PHOTO_MESSAGES.uploaded);
  });

  it('offline: keeps the photo on this device and says so, never that it was uploaded', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const sending = controlledUpload();
      const { dialog, onOpenChange } = renderDialog({ upload: sending.upload });
      await choose(photo());
      expect(within(dialog).getByRole('status').textContent).toBe(
        "You're offline. The photo is kept on this device and uploads when you're back online.",
      );
      await act(async () => fireEvent.click(uploadButton(dialog)));
      expect(sending.upload).toHaveBeenCalledTimes(1);
      await sending.keepForLater();
      expect(toastText()).toContain('Photo saved on this device');
      expect(toastText()).not.toContain(PHOTO_MESSAGES.uploaded);
      expect(onOpenChange).toHaveBeenCalledWith(false);
    } finally {
      offline.mockRestore();
    }
  });

  it('a reference photo: says what it is, and offline it waits for the connection (never kept)', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const sending = controlledUpload();
      const { dialog } = renderDialog({ upload: sending.upload, purpose: 'reference' });
      expect(dialog.textContent).toContain(
        'Show what good looks like for “Photograph the kitchen”. Recipients see it beside the task; it never counts as proof.',
      );
      await choose(photo());
      expect(within(dialog).getByRole('status').textContent).toBe(
        "You're offline. A reference photo is not kept on this device: add it when you're back online.",
      );
      expect((uploadButton(dialog) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => fireEvent.click(uploadButton(dialog)));
      expect(sending.upload).not.toHaveBeenCalled();
    } finally {
      offline.mockRestore();
    }
  });

  it('a reference photo online: sent, and said saved as a reference photo', async () => {
    const sending = controlledUpload();
    const { dialog, onOpenChange } = renderDialog({ upload: sending.upload, purpose: 'reference' });
    await choose(photo());
    await act(async () => fireEvent.click(uploadButton(dialog)));
    expect(sending.upload).toHaveBeenCalledTimes(1);
    await sending.succeed();
    expect(toastText()).toContain('Reference photo saved');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("the proof dialog shows the task's reference photo, marked", () => {
    const { dialog } = renderDialog({ referencePhotoUrl: '/api/photos/photo_ref' });
    const example = within(dialog).getByTestId('dialog-reference-photo');
    expect(
      within(example).getByRole('img', { name: 'Reference photo: what good looks like' }).getAttribute('src'),
    ).toBe('/api/photos/photo_ref?size=thumb');
  });
});
