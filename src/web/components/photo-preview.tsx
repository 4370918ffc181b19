import { BookImage, FileImage, ImagePlus } from 'lucide-react';
import { photoSizeUrl } from '#domain/photos';
import type { Translate } from '../i18n/i18n.tsx';
import type { PreparedPhoto } from '../lib/photo-shrink.ts';
import { Spinner } from './ui/spinner.tsx';

/** The photos the photo dialog (photo-dialog.tsx) shows: the task's reference, and the one chosen. */

/** '1.2 MB' in the page's language, from the browser's Intl. */
function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

/** The task's reference photo in the proof dialog: small, framed and labelled so it is never taken for proof. */
export function ReferenceFigure({ url, label }: { url: string; label: string }) {
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

/** The chosen photo: being made ready, its preview, its name when the browser cannot show it, or none yet. */
export function ChosenPhoto({
  preparing,
  preview,
  photo,
  t,
}: {
  preparing: boolean;
  preview: string | null;
  photo: PreparedPhoto | null;
  t: Translate;
}) {
  return (
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
  );
}

/** The size that is sent, and the size it was made smaller from. */
export function PhotoSize({ photo, t, language }: { photo: PreparedPhoto; t: Translate; language: string }) {
  return (
    <p className="mt-1.5 truncate text-xs text-slate-500" data-testid="photo-size">
      {photo.shrunkFrom === null
        ? megabytes(photo.file.size, language)
        : t('photo.shrunk', {
            size: megabytes(photo.file.size, language),
            from: megabytes(photo.shrunkFrom, language),
          })}
    </p>
  );
}
