import { ImagePlus, X } from 'lucide-react';
import { photoSizeUrl } from '#domain/photos';
import { Button } from '../ui/button.tsx';

export const REFERENCE_BUTTON_TEXT = {
  add: 'Reference photo',
  hint: 'Show recipients what good looks like. It never counts as the photo a task needs.',
  unsaved: 'Save the checklist first to add a reference photo to this task.',
} as const;

/**
 * A task's reference photo in the editor: 'Reference' to add one; once set, its picture and label
 * (replace) and a remove button. Disabled, with the reason, for a task the server does not have yet.
 */
export function ReferencePhotoButton({
  number,
  url,
  available,
  disabled,
  onEdit,
  onRemove,
}: {
  number: number;
  url: string | null;
  available: boolean;
  disabled: boolean;
  onEdit(): void;
  onRemove(): void;
}) {
  if (!url) {
    return (
      <Button
        variant="subtle"
        size="sm"
        aria-label={`Add a reference photo for task ${number}`}
        title={available ? REFERENCE_BUTTON_TEXT.hint : REFERENCE_BUTTON_TEXT.unsaved}
        disabled={disabled || !available}
        onClick={onEdit}
        className="h-10 gap-1 px-2"
        data-testid="add-reference-photo"
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {REFERENCE_BUTTON_TEXT.add}
      </Button>
    );
  }
  return (
    <span
      className="inline-flex h-10 items-center rounded-lg border border-dashed border-indigo-300 bg-indigo-50"
      data-testid="editor-reference-photo"
    >
      <button
        type="button"
        onClick={onEdit}
        disabled={disabled}
        aria-label={`Replace the reference photo of task ${number}`}
        title={REFERENCE_BUTTON_TEXT.hint}
        className="inline-flex h-full items-center gap-1.5 rounded-l-lg pr-2 pl-1 text-sm font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        <img
          src={photoSizeUrl(url, 'thumb')}
          alt=""
          width={32}
          height={32}
          className="h-8 w-8 rounded-md bg-indigo-100 object-cover"
        />
        Reference
      </button>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove the reference photo of task ${number}`}
        className="inline-flex h-full w-8 items-center justify-center rounded-r-lg border-l border-dashed border-indigo-300 text-indigo-700 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  );
}
