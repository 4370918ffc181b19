import { describe, expect, it } from 'vitest';
import { checkPhotoFile, PHOTO_LIMITS, PHOTO_MESSAGES } from './photos.ts';

describe('checkPhotoFile', () => {
  it('accepts an image up to 5 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/png', size: PHOTO_LIMITS.maxBytes })).toBeNull();
  });

  it('refuses a file that is not an image, whatever its size', () => {
    for (const type of ['application/pdf', 'text/plain', '']) {
      expect(checkPhotoFile({ type, size: 10 })).toEqual({
        title: 'Invalid file type',
        message: 'Please select an image file',
      });
    }
  });

  it('refuses an image over 5 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: PHOTO_LIMITS.maxBytes + 1 })).toEqual({
      title: PHOTO_MESSAGES.tooLargeTitle,
      message: 'Image size should be less than 5MB',
    });
  });
});
