import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.tsx';
import { ApiError } from '../lib/api.ts';
import { UploadNetworkError } from '../lib/upload-request.ts';
import { uploadFailure } from './photo-upload-failure.ts';

const apiError = (status: number, code: string, message: string) =>
  new ApiError(status, '', JSON.stringify({ error: { code, message } }));

describe('what a failed photo upload says', () => {
  it("413 and 415: the spec's words from the catalog, titled as the browser's own checks", () => {
    expect(
      uploadFailure(
        translate,
        apiError(413, 'file_too_large', 'Image size should be less than 5MB'),
        'required',
        true,
      ),
    ).toEqual({
      title: 'File too large',
      description: 'Image size should be less than 5MB',
      message: 'Image size should be less than 5MB',
      note: 'The photo was not saved and the task stays unticked.',
    });
    expect(
      uploadFailure(
        translate,
        apiError(415, 'unsupported_file_type', 'Please select an image file'),
        'replace',
        true,
      ),
    ).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
      message: 'Please select an image file',
      note: 'The photo was not saved; the task keeps its current photo.',
    });
    // A 413 from something in front of the server (HTML, no JSON): the spec's message.
    expect(
      uploadFailure(translate, new ApiError(413, 'Payload Too Large', '<html>'), 'required', true)
        .description,
    ).toBe('Image size should be less than 5MB');
  });

  it("anything else: the spec's 'Failed to upload photo. Please try again.', with the reason when there is one", () => {
    const refused = uploadFailure(
      translate,
      apiError(401, 'verification_required', 'Verify this browser again'),
      'required',
      true,
    );
    expect(refused).toMatchObject({
      title: 'Error',
      description: 'Failed to upload photo. Please try again.',
      message: 'Failed to upload photo. Please try again.',
      note: 'Verify this browser again. The photo was not saved and the task stays unticked.',
    });
    // A server failure's text is not for people.
    expect(
      uploadFailure(translate, apiError(500, 'internal_error', 'Internal error'), 'required', true).note,
    ).toBe('The photo was not saved and the task stays unticked.');
    expect(uploadFailure(translate, new UploadNetworkError(), 'required', true).note).toMatch(
      /^The connection was lost/,
    );
    expect(uploadFailure(translate, new UploadNetworkError(), 'required', false).note).toBe(
      "You're offline. The photo is kept on this device and uploads when you're back online.",
    );
  });

  it("403 storage_quota_exceeded: the owner is told their storage is full and offered the plans; a recipient that the owner's is and was told", () => {
    const full = new ApiError(
      403,
      '',
      JSON.stringify({
        error: {
          code: 'storage_quota_exceeded',
          message: 'x',
          usedBytes: 1_073_741_000,
          limitBytes: 1_073_741_824,
        },
      }),
    );
    expect(uploadFailure(translate, full, 'required', true, 'owner')).toEqual({
      title: 'Storage full',
      description: "Your team's storage is full. Delete photos you no longer need, or upgrade for more room.",
      message: "Your team's storage is full. Delete photos you no longer need, or upgrade for more room.",
      note: 'The photo was not saved and the task stays unticked.',
      upgrade: true,
    });
    const recipient = uploadFailure(translate, full, 'replace', true, 'recipient');
    expect(recipient).toEqual({
      title: 'Storage full',
      description: "The owner's storage is full, so this photo can't be saved. We told the owner.",
      message: "The owner's storage is full, so this photo can't be saved. We told the owner.",
      note: 'The photo was not saved; the task keeps its current photo.',
    });
    // The owner's page is the default audience.
    expect(uploadFailure(translate, full, 'reference', true).upgrade).toBe(true);
  });
});
