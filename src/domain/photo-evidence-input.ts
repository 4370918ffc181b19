import { z } from 'zod';
import { CAPTURE_SOURCES, EVIDENCE_LIMITS } from './photo-evidence.ts';

/**
 * The request schemas of photo evidence (docs/api.md "Photos" and "Checklists"): the extra fields of a
 * photo upload (how it was taken, and where only when the person agreed) and the checklist's address.
 */

/** A multipart field is text: a number in it is read strictly (no blanks, no hex, no 'Infinity'). */
const numberField = (min: number, max: number, name: string) =>
  z
    .string()
    .max(32)
    .regex(/^[+-]?\d+(?:\.\d+)?$/, { error: `${name} must be a number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${name} is out of range` })
        .max(max, { error: `${name} is out of range` }),
    );

/**
 * The text fields sent before the file in `photo`'s multipart body: `captureSource` ('camera' when the
 * photo dialog's camera took it live, 'library' when a file was chosen) and, only when the person
 * allowed it, the device's `latitude`, `longitude` and `accuracy` (metres): all three or none.
 */
export const PhotoUploadFields = z
  .strictObject({
    captureSource: z
      .enum(CAPTURE_SOURCES, { error: "captureSource must be 'camera' or 'library'" })
      .optional(),
    latitude: numberField(-90, 90, 'latitude').optional(),
    longitude: numberField(-180, 180, 'longitude').optional(),
    accuracy: numberField(0, EVIDENCE_LIMITS.maxAccuracyM, 'accuracy').optional(),
  })
  .refine(
    (fields) =>
      [fields.latitude, fields.longitude, fields.accuracy].every((value) => value === undefined) ||
      [fields.latitude, fields.longitude, fields.accuracy].every((value) => value !== undefined),
    { error: 'Send latitude, longitude and accuracy together, or none of them', path: ['latitude'] },
  );
export type PhotoUploadFields = z.output<typeof PhotoUploadFields>;

export const GeoPointInput = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/**
 * PUT /api/checklists/{id}/address: where the work is done (null or '' clears it). With `location`
 * (the owner's device, 'Use my current location') that point is kept; without, the geocoder looks the
 * address up, and a point it cannot find is null.
 */
export const ChecklistAddressInput = z.strictObject({
  address: z
    .string()
    .trim()
    .max(EVIDENCE_LIMITS.addressMax, {
      error: `The address must be at most ${EVIDENCE_LIMITS.addressMax} characters`,
    })
    .nullable(),
  location: GeoPointInput.nullable().optional(),
});
export type ChecklistAddressInput = z.output<typeof ChecklistAddressInput>;
