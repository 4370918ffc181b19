import { Camera, Images } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import type { CaptureSource } from '#domain/photo-evidence';
import { PHOTO_LIMITS } from '#domain/photos';
import type { Translate } from '../i18n/i18n.tsx';
import { Button } from './ui/button.tsx';

/** The photo dialog's buttons (photo-dialog.tsx): where the photo comes from, and what to do with it. */

/**
 * 'Choose photo' and 'Take photo' (the phone's back camera), each opening its hidden file input; each
 * says where its photo came from ('library' or 'camera': the client's word, shown as such).
 */
export function PhotoSourceButtons({
  busy,
  onPick,
  t,
}: {
  busy: boolean;
  onPick(event: ChangeEvent<HTMLInputElement>, source: CaptureSource): Promise<void>;
  t: Translate;
}) {
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => chooseRef.current?.click()} disabled={busy}>
          <Images className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('photo.choose')}
        </Button>
        <Button variant="secondary" onClick={() => cameraRef.current?.click()} disabled={busy}>
          <Camera className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('photo.take')}
        </Button>
      </div>
      <input
        ref={chooseRef}
        type="file"
        accept={PHOTO_LIMITS.accept}
        onChange={(event) => void onPick(event, 'library')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-file-input"
      />
      <input
        ref={cameraRef}
        type="file"
        accept={PHOTO_LIMITS.accept}
        capture="environment"
        onChange={(event) => void onPick(event, 'camera')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-camera-input"
      />
    </>
  );
}

/** Cancel (or, while uploading, cancel the upload) and Upload. */
export function PhotoDialogActions({
  uploading,
  preparing,
  canUpload,
  onAbort,
  onClose,
  onUpload,
  t,
}: {
  uploading: boolean;
  preparing: boolean;
  canUpload: boolean;
  onAbort(): void;
  onClose(): void;
  onUpload(): void;
  t: Translate;
}) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {uploading ? (
        <Button variant="secondary" onClick={() => onAbort()}>
          {t('photo.cancelUpload')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => onClose()} disabled={preparing}>
          {t('common.cancel')}
        </Button>
      )}
      <Button onClick={() => onUpload()} disabled={!canUpload} aria-busy={uploading || undefined}>
        {uploading ? t('photo.uploading') : t('photo.upload')}
      </Button>
    </div>
  );
}
