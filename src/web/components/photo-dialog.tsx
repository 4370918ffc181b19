import { BookImage, Camera, FileImage, ImagePlus, Images, WifiOff } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { checkPhotoFile, isImageFile, PHOTO_LIMITS, PHOTO_MESSAGES, photoSizeUrl } from '#domain/photos';
import { useOnline } from '../hooks/use-online.ts';
import { useToast } from '../hooks/use-toast.ts';
import { type MessageKey, richText, type Translate, useT, useUiLanguage } from '../i18n/i18n.tsx';
import { type PreparedPhoto, preparePhoto } from '../lib/photo-shrink.ts';
import { isAbortError, type UploadOptions } from '../lib/upload-request.ts';
import { notSavedNote, type PhotoPurpose, uploadFailure } from './photo-upload-failure.ts';
import { Button } from './ui/button.tsx';
import { ModalDialog } from './ui/dialog.tsx';
import { ProgressBar } from './ui/progress-bar.tsx';
import { Spinner } from './ui/spinner.tsx';

export interface PhotoDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  taskDescription: string;
  /**
   * 'required': the task is being ticked and needs its photo first; 'replace': a new photo for one that
   * has it; 'reference': the owner's example of what good looks like (sent at once, never queued).
   */
  purpose?: PhotoPurpose;
  /** The task's reference photo: shown, marked as such, beside the proof being chosen. */
  referencePhotoUrl?: string | null | undefined;
  /**
   * Sends the photo: resolves 'applied' once the server has stored it, 'queued' when it is kept on this
   * device until the connection allows; rejects with why it was refused.
   */
  upload(file: File, options: UploadOptions): Promise<'applied' | 'queued'>;
  /** Where focus goes on close when what opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

type Problem = { message: string; note?: string };
/** While sending: the share of the file sent (null when the browser cannot tell), then the server's turn. */
type Progress = { percent: number | null; sent: boolean };

/** '1.2 MB' in the page's language, from the browser's Intl. */
function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

function UploadProgress({ progress, t, language }: { progress: Progress; t: Translate; language: string }) {
  const { percent, sent } = progress;
  const label = sent
    ? t('photo.progressSaving')
    : percent === null
      ? t('photo.progressUploading')
      : t('photo.progressPercent', {
          percent: new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100),
        });
  return (
    <div className="mt-3" data-testid="upload-progress">
      <p className="text-sm font-medium text-slate-700 tabular-nums" aria-hidden="true">
        {label}
      </p>
      <ProgressBar
        label={t('photo.progressLabel')}
        value={percent}
        valueText={label}
        className="mt-1.5 h-2"
      />
    </div>
  );
}

const TITLES: Record<PhotoPurpose, MessageKey> = {
  required: 'photo.required',
  replace: 'photo.replace',
  reference: 'task.referencePhoto',
};
const DESCRIPTIONS: Record<PhotoPurpose, MessageKey> = {
  required: 'photo.requiredText',
  replace: 'photo.replaceText',
  reference: 'photo.referenceText',
};

/** The task's reference photo in the proof dialog: small, framed and labelled so it is never taken for proof. */
function ReferenceFigure({ url, label }: { url: string; label: string }) {
  return (
    <figure
      data-testid="dialog-reference-photo"
      className="mt-4 flex items-center gap-3 rounded-xl border border-dashed border-indigo-300 bg-indigo-50/60 p-2"
    >
      <img
        src={photoSizeUrl(url, 'thumb')}
        alt={label}
        width={96}
        height={72}
        className="h-[72px] w-24 shrink-0 rounded-lg bg-slate-200 object-cover"
      />
      <figcaption className="flex items-center gap-1.5 text-sm font-medium text-indigo-900">
        <BookImage className="h-4 w-4 shrink-0" aria-hidden="true" />
        {label}
      </figcaption>
    </figure>
  );
}

/**
 * Proof for a task (spec sections 2, 4 and 5): choose a file or take one with the phone's back camera,
 * see it, then upload it with its progress shown. Large photos are made smaller here first; the checks
 * apply to what is sent. It says only what really happened: success once the server has the photo.
 */
export function PhotoDialog({
  open,
  onOpenChange,
  taskDescription,
  purpose = 'required',
  upload,
  returnFocusTo,
  referencePhotoUrl,
}: PhotoDialogProps) {
  const { toast } = useToast();
  const t = useT();
  const language = useUiLanguage();
  const online = useOnline();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const picks = useRef(0);
  const sending = useRef<AbortController | null>(null);
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const uploading = progress !== null;
  // A reference photo is not kept on the device to send later (docs/decisions/0026): offline, it waits.
  const needsConnection = purpose === 'reference' && !online;

  useEffect(() => {
    if (!photo?.previewable) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // Leaving the page mid-upload stops it: nobody would hear how it ended.
  useEffect(() => () => sending.current?.abort(), []);

  function refuse(title: string, message: string) {
    setPhoto(null);
    setProblem({ message });
    toast({ title, description: message, variant: 'destructive' });
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
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
    setPhoto(prepared);
  }

  async function send() {
    if (!photo || uploading) return;
    const controller = new AbortController();
    sending.current = controller;
    setProblem(null);
    setCancelled(false);
    setProgress({ percent: 0, sent: false });
    try {
      const outcome = await upload(photo.file, {
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
      onOpenChange(false);
    } catch (error) {
      if (isAbortError(error)) {
        setCancelled(true);
        return;
      }
      console.warn('Photo upload failed', error);
      const failure = uploadFailure(t, error, purpose, navigator.onLine);
      toast({ title: failure.title, description: failure.description, variant: 'destructive' });
      setProblem({ message: failure.message, note: failure.note });
    } finally {
      sending.current = null;
      setProgress(null);
    }
  }

  const busy = uploading || preparing;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={uploading}
      returnFocusTo={returnFocusTo}
      title={t(TITLES[purpose])}
      description={richText(t, DESCRIPTIONS[purpose], {
        task: <span className="font-medium text-slate-800">{taskDescription}</span>,
      })}
    >
      {referencePhotoUrl && purpose !== 'reference' && (
        <ReferenceFigure url={referencePhotoUrl} label={t('reference.inDialog')} />
      )}
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
        onChange={(event) => void pick(event)}
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
        onChange={(event) => void pick(event)}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-camera-input"
      />

      <div className="mt-4 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50">
        {preparing ? (
          <p className="flex flex-col items-center gap-2 text-sm text-slate-600">
            <Spinner label={t('photo.preparing')} />
            {t('photo.preparing')}
          </p>
        ) : preview ? (
          <img src={preview} alt={t('photo.preview')} className="h-full w-full object-contain" />
        ) : photo ? (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-600">
            <FileImage className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <span>
              <span className="font-medium break-all text-slate-800">{photo.file.name}</span>
              <br />
              {t('photo.cannotShow')}
            </span>
          </p>
        ) : (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-500">
            <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden="true" />
            {t('photo.none')}
          </p>
        )}
      </div>
      {photo && (
        <p className="mt-1.5 truncate text-xs text-slate-500" data-testid="photo-size">
          {photo.shrunkFrom === null
            ? megabytes(photo.file.size, language)
            : t('photo.shrunk', {
                size: megabytes(photo.file.size, language),
                from: megabytes(photo.shrunkFrom, language),
              })}
        </p>
      )}

      {progress && <UploadProgress progress={progress} t={t} language={language} />}

      {!online && (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t(needsConnection ? 'photo.referenceOffline' : 'photo.offline')}
        </p>
      )}
      {cancelled && (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t('photo.cancelled')} {t(notSavedNote(purpose))}
        </p>
      )}
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
        {uploading ? (
          <Button variant="secondary" onClick={() => sending.current?.abort()}>
            {t('photo.cancelUpload')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={preparing}>
            {t('common.cancel')}
          </Button>
        )}
        <Button
          onClick={() => void send()}
          disabled={!photo || busy || needsConnection}
          aria-busy={uploading || undefined}
        >
          {uploading ? t('photo.uploading') : t('photo.upload')}
        </Button>
      </div>
    </ModalDialog>
  );
}

/** For React.lazy: the dialog is its own chunk. */
export default PhotoDialog;
