import type { PhotoUploadFields } from '#domain/photo-evidence-input';
import type { TaskPhotoEvidence } from '../presenters/checklists.ts';
import type { ProcessedPhoto } from './photo-processing.ts';

/**
 * A photo's evidence beyond its bytes (issue 34, decision 0058): the camera's time and offset read from
 * the original, when the server received it, and what the client said: taken live with the camera or
 * chosen from the library, and where, only when the person allowed it. One place turns them into the
 * photo's columns and into the task's fields, so the row and the answer cannot disagree.
 */

/** A received photo: processed, with what the client said of how (and where) it was taken. */
export type ReceivedPhoto = ProcessedPhoto & { evidence?: PhotoUploadFields };

/** The client's location, whole or not at all (the schema asks for all three fields together). */
function locationOf(evidence: PhotoUploadFields | undefined) {
  const { latitude, longitude, accuracy } = evidence ?? {};
  if (latitude === undefined || longitude === undefined || accuracy === undefined) return null;
  return { latitude, longitude, accuracyM: Math.round(accuracy) };
}

/** The evidence columns of the photo's row (beyond those `keep` already writes). */
export function photoRowEvidence(photo: ReceivedPhoto, receivedAt: Date) {
  const location = locationOf(photo.evidence);
  return {
    receivedAt,
    capturedOffset: photo.capturedOffset,
    captureSource: photo.evidence?.captureSource ?? null,
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    locationAccuracyM: location?.accuracyM ?? null,
  };
}

/** The same evidence as a task's record carries it (repositories/checklists.ts TASK_RECORDS). */
export function taskPhotoEvidence(photo: ReceivedPhoto, receivedAt: Date): TaskPhotoEvidence {
  const row = photoRowEvidence(photo, receivedAt);
  return {
    photoCapturedAt: photo.capturedAt,
    photoCapturedOffset: row.capturedOffset,
    photoReceivedAt: receivedAt,
    photoCaptureSource: row.captureSource,
    photoLatitude: row.latitude,
    photoLongitude: row.longitude,
    photoAccuracyM: row.locationAccuracyM,
  };
}
