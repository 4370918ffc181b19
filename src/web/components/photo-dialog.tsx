import { Camera, ImagePlus, Images } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { checkPhotoFile, PHOTO_LIMITS, PHOTO_MESSAGES } from '#domain/photos';
import { isApiError } from '../lib/api.ts';
import { Button } from './ui/button.tsx';
import { ModalDialog } from './ui/dialog.tsx';
import { useToast } from './ui/toast.tsx';

/** Said when the server has no photo route yet (a later release): nothing was stored, nothing ticked. */
export const PHOTO_UPLOAD_UNAVAILABLE =
  'Photo upload is not available on this server yet, so the photo was not saved and the task stays unticked.';

export interface PhotoDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  taskDescription: string;
  /** Sends the photo; rejects with the API's error when it was not stored. */
  upload(file: File): Promise<void>;
}

type Problem = { message: string; note?: string };

/**
 * Proof for a task that needs a photo (spec sections 2, 4 and 5): choose a file or take one with the
 * phone's back camera, see it, then upload. It reports only what really happened.
 */
export function PhotoDialog({ open, onOpenChange, taskDescription, upload }: PhotoDialogProps) {
  const { toast } = useToast();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!chosen) return;
    const check = checkPhotoFile(chosen);
    if (check) {
      setFile(null);
      setProblem({ message: check.message });
      toast({ title: check.title, description: check.message, variant: 'destructive' });
      return;
    }
    setProblem(null);
    setFile(chosen);
  }

  async function send() {
    if (!file || uploading) return;
    setUploading(true);
    setProblem(null);
    try {
      await upload(file);
      toast({ title: 'Success', description: PHOTO_MESSAGES.uploaded });
      onOpenChange(false);
    } catch (error) {
      console.warn('Photo upload failed', error);
      toast({ title: 'Error', description: PHOTO_MESSAGES.uploadFailed, variant: 'destructive' });
      setProblem({ message: PHOTO_MESSAGES.uploadFailed, note: failureNote(error) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={uploading}
      title="Photo required"
      description={
        <>
          <span className="font-medium text-slate-800">“{taskDescription}”</span> needs a photo before it can
          be ticked.
        </>
      }
    >
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => chooseRef.current?.click()} disabled={uploading}>
          <Images className="h-4 w-4" aria-hidden="true" />
          Choose Photo
        </Button>
        <Button variant="secondary" onClick={() => cameraRef.current?.click()} disabled={uploading}>
          <Camera className="h-4 w-4" aria-hidden="true" />
          Take Photo
        </Button>
      </div>
      <input
        ref={chooseRef}
        type="file"
        accept={PHOTO_LIMITS.accept}
        onChange={pick}
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
        onChange={pick}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-camera-input"
      />

      <div className="mt-4 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50">
        {preview ? (
          <img src={preview} alt="Preview of the chosen file" className="h-full w-full object-contain" />
        ) : (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-500">
            <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden="true" />
            No photo chosen yet (an image of at most 5 MB)
          </p>
        )}
      </div>

      {problem && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="font-medium">{problem.message}</p>
          {problem.note && <p className="mt-1">{problem.note}</p>}
        </div>
      )}

      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={uploading}>
          Cancel
        </Button>
        <Button onClick={() => void send()} disabled={!file || uploading} aria-busy={uploading || undefined}>
          {uploading ? 'Uploading...' : 'Upload Photo'}
        </Button>
      </div>
    </ModalDialog>
  );
}

function failureNote(error: unknown): string {
  if (!isApiError(error))
    return 'Check your connection; the photo was not saved and the task stays unticked.';
  if (error.code === 'file_too_large') return PHOTO_MESSAGES.tooLarge;
  if (error.code === 'unsupported_file_type') return PHOTO_MESSAGES.invalidType;
  if (error.status === 404 || error.status === 405 || error.status === 501) return PHOTO_UPLOAD_UNAVAILABLE;
  return error.serverMessage ?? 'The photo was not saved and the task stays unticked.';
}
