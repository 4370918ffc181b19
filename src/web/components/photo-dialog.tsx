import { useState } from 'react';
import { useOnline } from '../hooks/use-online.ts';
import { useToast } from '../hooks/use-toast.ts';
import { type MessageKey, richText, useT, useUiLanguage } from '../i18n/i18n.tsx';
import type { UploadOptions } from '../lib/upload-request.ts';
import { PhotoDialogActions, PhotoSourceButtons } from './photo-dialog-controls.tsx';
import { PhotoNotices, UploadProgress } from './photo-dialog-notices.tsx';
import { PhotoLocationPrompt, usePhotoLocation } from './photo-location.tsx';
import { ChosenPhoto, PhotoSize, ReferenceFigure } from './photo-preview.tsx';
import type { PhotoPurpose, UploadAudience } from './photo-upload-failure.ts';
import { ModalDialog } from './ui/dialog.tsx';
import { type Problem, usePhotoChoice, usePhotoUpload } from './use-photo-dialog.ts';

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
  /** Who uploads: a full storage is told differently to the team (upgrade) and to a recipient. */
  audience?: UploadAudience;
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
  audience = 'owner',
}: PhotoDialogProps) {
  const { toast } = useToast();
  const t = useT();
  const language = useUiLanguage();
  const online = useOnline();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const notices = { t, toast, setProblem, setCancelled };
  const { photo, source, preparing, preview, pick } = usePhotoChoice(notices);
  const where = usePhotoLocation();
  const isProof = purpose !== 'reference';
  const close = () => onOpenChange(false);
  const { progress, uploading, send, abort } = usePhotoUpload({
    ...notices,
    photo,
    purpose,
    audience,
    upload,
    close,
    // A reference photo is the owner's example, not evidence: nothing is said of how or where.
    evidence: () => (isProof ? { captureSource: source, location: where.location } : undefined),
  });
  // A reference photo is not kept on the device to send later (docs/decisions/0026): offline, it waits.
  const needsConnection = purpose === 'reference' && !online;
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
      <PhotoSourceButtons busy={busy} onPick={pick} t={t} />
      <ChosenPhoto preparing={preparing} preview={preview} photo={photo} t={t} />
      {photo && <PhotoSize photo={photo} t={t} language={language} />}
      {photo && isProof && (
        <PhotoLocationPrompt state={where.state} onAsk={where.ask} t={t} language={language} />
      )}

      {progress && <UploadProgress progress={progress} t={t} language={language} />}

      <PhotoNotices
        online={online}
        needsConnection={needsConnection}
        cancelled={cancelled}
        problem={problem}
        purpose={purpose}
        t={t}
      />

      <PhotoDialogActions
        uploading={uploading}
        preparing={preparing}
        canUpload={photo !== null && !busy && !needsConnection}
        onAbort={abort}
        onClose={close}
        onUpload={() => void send()}
        t={t}
      />
    </ModalDialog>
  );
}

/** For React.lazy: the dialog is its own chunk. */
export default PhotoDialog;
