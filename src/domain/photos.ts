/** Photo proof: the spec's limits and messages (sections 5, 8 and 9), read by the photo dialog and the server. */

export const PHOTO_LIMITS = {
  /** 5 MB: a larger file is refused before it is sent. */
  maxBytes: 5 * 1024 * 1024,
  /** The file input's accept attribute. */
  accept: 'image/*',
} as const;

/**
 * How the browser shrinks a photo before sending it: a photo over `aboveBytes` is drawn again as a
 * JPEG whose longest side is at most `longestSide`, kept only when it is smaller. The server makes its
 * own 2048 px copy, so this loses nothing anyone sees, and a 12 MB camera photo goes through.
 */
export const PHOTO_SHRINK = {
  aboveBytes: 1.5 * 1024 * 1024,
  longestSide: 2560,
  quality: 0.85,
} as const;

export const PHOTO_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file',
  tooLargeTitle: 'File too large',
  tooLarge: 'Image size should be less than 5MB',
  uploadFailed: 'Failed to upload photo. Please try again.',
  uploaded: 'Photo uploaded successfully',
  removed: 'Photo removed',
  removeFailed: 'Failed to remove photo. Please try again.',
  /** 507 storage_full: the photo disk is full; nothing was stored, the device keeps the photo. */
  storageFull:
    'The photo could not be saved: the server is out of storage space. It is kept on your device and will be sent again.',
  /** 503 service_unavailable: the photo store (disk or bucket) failed or could not be reached. */
  storageUnavailable:
    'The photo could not be saved: photo storage is not reachable. It is kept on your device and will be sent again.',
} as const;

export interface PhotoProblem {
  title: string;
  message: string;
}

export interface PhotoFileFacts {
  type: string;
  size: number;
  /** The file's name: some browsers give an iPhone's HEIC file no type, only its name says what it is. */
  name?: string;
}

/** An image by its declared type (or, with no type at all, a HEIC/HEIF name); the server checks the content. */
export function isImageFile(file: Pick<PhotoFileFacts, 'type' | 'name'>): boolean {
  if (file.type.startsWith('image/')) return true;
  return file.type === '' && /\.hei[cf]$/i.test(file.name ?? '');
}

/** The checks made before a photo is sent: an image, at most 5 MB. Null when the file may be sent. */
export function checkPhotoFile(file: PhotoFileFacts): PhotoProblem | null {
  if (!isImageFile(file)) {
    return { title: PHOTO_MESSAGES.invalidTypeTitle, message: PHOTO_MESSAGES.invalidType };
  }
  if (file.size > PHOTO_LIMITS.maxBytes) {
    return { title: PHOTO_MESSAGES.tooLargeTitle, message: PHOTO_MESSAGES.tooLarge };
  }
  return null;
}

/** The URL of a photo at one of the sizes the server keeps (`photoUrl` itself is the display size). */
export function photoSizeUrl(photoUrl: string, size: 'display' | 'thumb'): string {
  if (size === 'display') return photoUrl;
  return `${photoUrl}${photoUrl.includes('?') ? '&' : '?'}size=thumb`;
}
