/** Photo proof: the spec's limits and messages (sections 5, 8 and 9), read by the photo dialog and the server. */

export const PHOTO_LIMITS = {
  /** 5 MB: a larger file is refused before it is sent. */
  maxBytes: 5 * 1024 * 1024,
  /** The file input's accept attribute. */
  accept: 'image/*',
} as const;

export const PHOTO_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file',
  tooLargeTitle: 'File too large',
  tooLarge: 'Image size should be less than 5MB',
  uploadFailed: 'Failed to upload photo. Please try again.',
  uploaded: 'Photo uploaded successfully',
} as const;

export interface PhotoProblem {
  title: string;
  message: string;
}

/** The checks made before a photo is sent: an image, at most 5 MB. Null when the file may be sent. */
export function checkPhotoFile(file: { type: string; size: number }): PhotoProblem | null {
  if (!file.type.startsWith('image/')) {
    return { title: PHOTO_MESSAGES.invalidTypeTitle, message: PHOTO_MESSAGES.invalidType };
  }
  if (file.size > PHOTO_LIMITS.maxBytes) {
    return { title: PHOTO_MESSAGES.tooLargeTitle, message: PHOTO_MESSAGES.tooLarge };
  }
  return null;
}
