import { type MessageKey, type Translate, uiLanguage } from '../i18n/i18n.tsx';
import { isApiError } from '../lib/api.ts';
import { UploadNetworkError } from '../lib/upload-errors.ts';

/** 'required' and 'replace': proof for a task; 'reference': the owner's example of what good looks like. */
export type PhotoPurpose = 'required' | 'replace' | 'reference';
/** Who uploads: the team (the owner's page) or a recipient of a share (the shared page). */
export type UploadAudience = 'owner' | 'recipient';

const NOT_SAVED: Record<PhotoPurpose, MessageKey> = {
  required: 'photo.notSavedRequired',
  replace: 'photo.notSavedReplace',
  reference: 'photo.notSavedReference',
};

/** What stays as it was when a photo is not saved. */
export function notSavedNote(purpose: PhotoPurpose): MessageKey {
  return NOT_SAVED[purpose];
}

function asSentence(text: string): string {
  return /[.!?。！？।]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export interface UploadFailure {
  /** The toast. */
  title: string;
  description: string;
  /** The alert in the dialog: what went wrong, and what it means. */
  message: string;
  note: string;
  /** The team's storage is full: the owner's dialog offers the plans (docs/storage.md). */
  upgrade?: boolean;
}

/** A refusal the server explains by its code, in the page's words (never the server's English text). */
const REFUSALS: Record<string, MessageKey> = {
  verification_required: 'sync.accessEnded',
  share_not_found: 'sync.accessEnded',
  not_found: 'sync.gone',
};

/**
 * What a failed upload says: a full storage (403 storage_quota_exceeded) says so, to the owner with the
 * way to more room, to a recipient that the owner's storage is full and the owner was told; for a file
 * the server refused (413, 415) the spec's 'Image size should be
 * less than 5MB' and 'Please select an image file', the spec's 'Failed to upload photo. Please try
 * again.' for anything else, with the reason underneath when one is known. All from the catalog.
 */
export function uploadFailure(
  t: Translate,
  error: unknown,
  purpose: PhotoPurpose,
  online: boolean,
  audience: UploadAudience = 'owner',
): UploadFailure {
  const notSaved = t(notSavedNote(purpose));
  if (isApiError(error) && error.code === 'storage_quota_exceeded') {
    // The owner's storage is full: the team is offered more room, a recipient told the owner knows.
    const owner = audience === 'owner';
    const text = t(owner ? 'photo.storageFullOwner' : 'photo.storageFullRecipient');
    return {
      title: t('photo.storageFullTitle'),
      description: text,
      message: text,
      note: notSaved,
      ...(owner ? { upgrade: true } : {}),
    };
  }
  if (isApiError(error) && (error.status === 413 || error.status === 415)) {
    const tooLarge = error.status === 413;
    const text = t(tooLarge ? 'photo.tooLarge' : 'photo.invalidType');
    return {
      title: t(tooLarge ? 'photo.tooLargeTitle' : 'photo.invalidTypeTitle'),
      description: text,
      message: text,
      note: notSaved,
    };
  }
  const failed = {
    title: t('common.error'),
    description: t('photo.uploadFailed'),
    message: t('photo.uploadFailed'),
  };
  if (error instanceof UploadNetworkError) {
    const offline = purpose === 'reference' ? 'photo.referenceOffline' : 'photo.offline';
    return { ...failed, note: t(online ? 'photo.connectionLost' : offline) };
  }
  // A refusal with a reason (access ended, task gone) says it; a server failure says only what it means.
  // In English the server's own words; in any other language the catalog's for its code.
  if (!isApiError(error) || error.status >= 500) return { ...failed, note: notSaved };
  const key = REFUSALS[error.code ?? ''];
  const reason = uiLanguage() === 'en' ? error.serverMessage : key && t(key);
  return { ...failed, note: reason ? `${asSentence(reason)} ${notSaved}` : notSaved };
}
