import { describe, expect, it } from 'vitest';
import { checkPhotoFile, isImageFile, PHOTO_LIMITS, PHOTO_MESSAGES, photoSizeUrl } from './photos.ts';

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

describe('isImageFile', () => {
  it('goes by the declared type, or for a file with no type by a HEIC/HEIF name (iPhone photos)', () => {
    expect(isImageFile({ type: 'image/heic', name: 'IMG_1.HEIC' })).toBe(true);
    expect(isImageFile({ type: '', name: 'IMG_1.HEIC' })).toBe(true);
    expect(isImageFile({ type: '', name: 'IMG_1.heif' })).toBe(true);
    expect(isImageFile({ type: '', name: 'notes.txt' })).toBe(false);
    expect(isImageFile({ type: 'text/plain', name: 'fake.heic' })).toBe(false);
    expect(checkPhotoFile({ type: '', name: 'IMG_1.HEIC', size: 10 })).toBeNull();
  });
});

describe('photoSizeUrl', () => {
  it('asks for the thumbnail with size=thumb; the display size is the URL itself', () => {
    expect(photoSizeUrl('/api/photos/photo_1', 'thumb')).toBe('/api/photos/photo_1?size=thumb');
    expect(photoSizeUrl('/api/photos/photo_1?v=2', 'thumb')).toBe('/api/photos/photo_1?v=2&size=thumb');
    expect(photoSizeUrl('/api/photos/photo_1', 'display')).toBe('/api/photos/photo_1');
  });
});
