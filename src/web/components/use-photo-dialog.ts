import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { CaptureSource, PhotoCaptureFacts } from '#domain/photo-evidence';
import { checkPhotoFile, isImageFile, PHOTO_MESSAGES } from '#domain/photos';
import type { ToastApi } from '../hooks/use-toast.ts';
import type { Translate } from '../i18n/i18n.tsx';
import { type PreparedPhoto, preparePhoto } from '../lib/photo-shrink.ts';
import { isAbortError, type UploadOptions } from '../lib/upload-request.ts';
import { type PhotoPurpose, type UploadAudience, uploadFailure } from './photo-upload-failure.ts';

/**
 * The photo dialog's state (photo-dialog.tsx): the file chosen, checked and made smaller, with its
 * preview; then its upload, with its progress, a cancel, and what went wrong.
 */

/** What went wrong; `upgrade`: the team's storage is full, and the owner's dialog links to the plans. */
export type Problem = { message: string; note?: string; upgrade?: boolean };
/** While sending: the share of the file sent (null when the browser cannot tell), then the server's turn. */
export type Progress = { percent: number | null; sent: boolean };

/** How the dialog tells the person what happened: its words, a toast, and the notices under the photo. */
interface DialogNotices {
  t: Translate;
  toast: ToastApi['toast'];
  setProblem: Dispatch<SetStateAction<Problem | null>>;
  setCancelled: Dispatch<SetStateAction<boolean>>;
}

/** The photo chosen or taken: checked, made smaller when large, and previewed while it is chosen. */
export function usePhotoChoice({ t, toast, setProblem, setCancelled }: DialogNotices) {
  const picks = useRef(0);
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  /** Which button the photo came through: the camera taking it live, or a file chosen. */
  const [source, setSource] = useState<CaptureSource>('library');
  const [preparing, setPreparing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!photo?.previewable) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  function refuse(title: string, message: string) {
    setPhoto(null);
    setProblem({ message });
    toast({ title, description: message, variant: 'destructive' });
  }

  async function pick(event: ChangeEvent<HTMLInputElement>, from: CaptureSource = 'library') {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!chosen) return;
    const pickNumber = ++picks.current;
    setCancelled(false);
    if (!isImageFile(chosen)) {
      refuse(t('photo.invalidTypeTitle'), t('photo.invalidType'));
      return;
    }
    setProblem(null);
    setPhoto(null);
    setPreparing(true);
    const prepared = await preparePhoto(chosen);
    if (pickNumber !== picks.current) return; // another file was chosen meanwhile
    setPreparing(false);
    // The 5 MB limit is for what is sent: a large photo made smaller here passes.
    const check = checkPhotoFile(prepared.file);
    if (check) {
      // The domain's check, in the page's words.
      const tooLarge = check.title === PHOTO_MESSAGES.tooLargeTitle;
      refuse(
        t(tooLarge ? 'photo.tooLargeTitle' : 'photo.invalidTypeTitle'),
        t(tooLarge ? 'photo.tooLarge' : 'photo.invalidType'),
      );
      return;
    }
    setSource(from);
    setPhoto(prepared);
  }

  return { photo, source, preparing, preview, pick };
}

interface UploadInput extends DialogNotices {
  photo: PreparedPhoto | null;
  purpose: PhotoPurpose;
  audience: UploadAudience;
  upload(file: File, options: UploadOptions): Promise<'applied' | 'queued'>;
  /** Closes the dialog once the photo is sent (or kept on this device). */
  close(): void;
  /** A proof photo's capture source and consented location, read when it is sent; none for a reference. */
  evidence(): PhotoCaptureFacts | undefined;
}

/** Sending the chosen photo, with its progress; it can be cancelled, and leaving the page stops it. */
export function usePhotoUpload({
  photo,
  purpose,
  audience,
  upload,
  close,
  evidence,
  t,
  toast,
  setProblem,
  setCancelled,
}: UploadInput) {
  const sending = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const uploading = progress !== null;

  // Leaving the page mid-upload stops it: nobody would hear how it ended.
  useEffect(() => () => sending.current?.abort(), []);

  async function send() {
    if (!photo || uploading) return;
    const controller = new AbortController();
    sending.current = controller;
    setProblem(null);
    setCancelled(false);
    setProgress({ percent: 0, sent: false });
    try {
      const facts = evidence();
      const outcome = await upload(photo.file, {
        ...(facts ? { evidence: facts } : {}),
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
          setProgress({ percent, sent: total !== null && loaded >= total });
        },
      });
      // Success only once the server has it; kept on this device is said as such.
      if (outcome === 'applied')
        toast({
          title: t('common.success'),
          description: t(purpose === 'reference' ? 'photo.referenceUploaded' : 'photo.uploaded'),
        });
      else toast({ title: t('photo.queuedTitle'), description: t('photo.queuedText') });
      close();
    } catch (error) {
      if (isAbortError(error)) {
        setCancelled(true);
        return;
      }
      console.warn('Photo upload failed', error);
      const failure = uploadFailure(t, error, purpose, navigator.onLine, audience);
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
      setProblem({
        message: failure.message,
        note: failure.note,
        ...(failure.upgrade ? { upgrade: true } : {}),
      });
    } finally {
      sending.current = null;
      setProgress(null);
    }
  }

  return { progress, uploading, send, abort: () => sending.current?.abort() };
}
