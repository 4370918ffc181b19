import { PHOTO_MESSAGES } from '#domain/photos';
import { isApiError } from '../lib/api.ts';
import { UploadNetworkError } from '../lib/upload-errors.ts';

export type PhotoPurpose = 'required' | 'replace';

export const PHOTO_UPLOAD_NOTES = {
  offline: "You're offline. The photo is kept on this device and uploads when you're back online.",
  queuedTitle: 'Photo saved on this device',
  queuedText: "It will upload when you're back online. The task shows it as pending until then.",
  connectionLost: 'The connection was lost before the photo reached the server. Check it and try again.',
  cancelled: 'Upload cancelled.',
} as const;

/** What stays as it was when a photo is not saved. */
export function notSavedNote(purpose: PhotoPurpose): string {
  return purpose === 'replace'
    ? 'The photo was not saved; the task keeps its current photo.'
    : 'The photo was not saved and the task stays unticked.';
}

function asSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export interface UploadFailure {
  /** The toast. */
  title: string;
  description: string;
  /** The alert in the dialog: what went wrong, and what it means. */
  message: string;
  note: string;
}

/**
 * What a failed upload says: the server's own words for a file it refused (413, 415: the spec's
 * 'Image size should be less than 5MB' and 'Please select an image file'), the spec's 'Failed to
 * upload photo. Please try again.' for anything else, with the reason underneath when one is known.
 */
export function uploadFailure(error: unknown, purpose: PhotoPurpose, online: boolean): UploadFailure {
  const notSaved = notSavedNote(purpose);
  if (isApiError(error) && (error.status === 413 || error.status === 415)) {
    const tooLarge = error.status === 413;
    const text = error.serverMessage ?? (tooLarge ? PHOTO_MESSAGES.tooLarge : PHOTO_MESSAGES.invalidType);
    return {
      title: tooLarge ? PHOTO_MESSAGES.tooLargeTitle : PHOTO_MESSAGES.invalidTypeTitle,
      description: text,
      message: text,
      note: notSaved,
    };
  }
  const failed = {
    title: 'Error',
    description: PHOTO_MESSAGES.uploadFailed,
    message: PHOTO_MESSAGES.uploadFailed,
  };
  if (error instanceof UploadNetworkError) {
    return { ...failed, note: online ? PHOTO_UPLOAD_NOTES.connectionLost : PHOTO_UPLOAD_NOTES.offline };
  }
  // A refusal with a reason (access ended, task gone) says it; a server failure says only what it means.
  const reason = isApiError(error) && error.status < 500 ? error.serverMessage : null;
  return { ...failed, note: reason ? `${asSentence(reason)} ${notSaved}` : notSaved };
}
