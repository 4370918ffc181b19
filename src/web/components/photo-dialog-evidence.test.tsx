import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import { mockFetchEachTest } from '#tests/support/web-components';
import type { UploadOptions } from '../lib/upload-request.ts';
import { PhotoDialog, type PhotoDialogProps } from './photo-dialog.tsx';
import { ToastProvider } from './ui/toast.tsx';

/**
 * What the photo dialog says of a proof photo (issue 34): which button it came through, and the
 * device's location only after the person chose 'Add location' and the browser gave it.
 */

mockFetchEachTest();

const geolocation = { getCurrentPosition: vi.fn() };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  geolocation.getCurrentPosition.mockReset();
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

function renderDialog(props: Partial<PhotoDialogProps> = {}) {
  let sent: UploadOptions | null = null;
  const upload = vi.fn(async (_file: File, options: UploadOptions) => {
    sent = options;
    return 'applied' as const;
  });
  render(
    <ToastProvider>
      <PhotoDialog open onOpenChange={vi.fn()} taskDescription="Kitchen" upload={upload} {...props} />
    </ToastProvider>,
  );
  return { dialog: screen.getByRole('dialog'), sent: () => sent, upload };
}

const photo = () => new File([new Uint8Array(200_000)], 'kitchen.jpg', { type: 'image/jpeg' });

async function pick(testId: 'photo-file-input' | 'photo-camera-input') {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { files: [photo()] } });
  });
}

async function upload(dialog: HTMLElement) {
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Photo' })));
}

describe('the photo dialog: capture source and location', () => {
  it("says 'camera' for Take Photo and 'library' for Choose Photo, with no location unless asked", async () => {
    const taken = renderDialog();
    await pick('photo-camera-input');
    await upload(taken.dialog);
    expect(taken.sent()?.evidence).toEqual({ captureSource: 'camera', location: null });
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('chosen from the gallery is library', async () => {
    const chosen = renderDialog();
    await pick('photo-file-input');
    await upload(chosen.dialog);
    expect(chosen.sent()?.evidence).toEqual({ captureSource: 'library', location: null });
  });

  it('asks with its reason, and sends the location only once the browser gave it', async () => {
    const { dialog, sent } = renderDialog();
    await pick('photo-camera-input');
    const prompt = within(dialog).getByTestId('photo-location');
    expect(prompt.textContent).toContain(
      'Add where this photo was taken? It helps show the work was done on site.',
    );
    expect(within(prompt).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    geolocation.getCurrentPosition.mockImplementation((success: PositionCallback) =>
      success({ coords: { latitude: 52.37, longitude: 4.89, accuracy: 12.4 } } as GeolocationPosition),
    );
    await act(async () => fireEvent.click(within(prompt).getByRole('button', { name: 'Add location' })));
    expect(prompt.textContent).toContain('Location added (within 12 m).');
    await upload(dialog);
    expect(sent()?.evidence).toEqual({
      captureSource: 'camera',
      location: { latitude: 52.37, longitude: 4.89, accuracy: 12.4 },
    });
  });

  it('a refusal changes nothing: the photo is sent without a location', async () => {
    const { dialog, sent } = renderDialog();
    await pick('photo-file-input');
    geolocation.getCurrentPosition.mockImplementation(
      (_ok: PositionCallback, refused: PositionErrorCallback) =>
        refused({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    const prompt = within(dialog).getByTestId('photo-location');
    await act(async () => fireEvent.click(within(prompt).getByRole('button', { name: 'Add location' })));
    expect(prompt.textContent).toContain('No location was added. The photo will be sent without it.');
    await upload(dialog);
    expect(sent()?.evidence).toEqual({ captureSource: 'library', location: null });
  });

  it('a reference photo says nothing of how or where', async () => {
    const { dialog, sent } = renderDialog({ purpose: 'reference' });
    await pick('photo-file-input');
    expect(within(dialog).queryByTestId('photo-location')).toBeNull();
    await upload(dialog);
    expect(sent()?.evidence).toBeUndefined();
  });
});
