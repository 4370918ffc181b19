import { WifiOff } from 'lucide-react';
import type { Translate } from '../i18n/i18n.tsx';
import { notSavedNote, type PhotoPurpose } from './photo-upload-failure.ts';
import { ProgressBar } from './ui/progress-bar.tsx';
import type { Problem, Progress } from './use-photo-dialog.ts';

/** What the photo dialog (photo-dialog.tsx) says under the photo: the upload's progress, and notices. */

export function UploadProgress({
  progress,
  t,
  language,
}: {
  progress: Progress;
  t: Translate;
  language: string;
}) {
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

/** Offline (a reference photo then waits), an upload cancelled, and what went wrong. */
export function PhotoNotices({
  online,
  needsConnection,
  cancelled,
  problem,
  purpose,
  t,
}: {
  online: boolean;
  needsConnection: boolean;
  cancelled: boolean;
  problem: Problem | null;
  purpose: PhotoPurpose;
  t: Translate;
}) {
  return (
    <>
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
          {problem.upgrade && (
            <p className="mt-2">
              <a
                href="/pricing"
                className="font-semibold text-red-900 underline underline-offset-2"
                data-testid="storage-upgrade-link"
              >
                {t('photo.storageUpgrade')}
              </a>
            </p>
          )}
        </div>
      )}
    </>
  );
}
