/**
 * What a photo says of itself beyond its pixels (issue 34, docs/review-and-proof.md "Photo evidence"):
 * the camera's capture time and UTC offset, whether the photo dialog's camera took it live, and, only
 * with the person's consent, where the device was. Pure rules read by the server's presenter, the
 * owner's pages and the report: the capture time as text, when it is "long before" its receipt, and
 * how far a photo was taken from the checklist's address. No zod here: the pages import it.
 */

export const CAPTURE_SOURCES = ['camera', 'library'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/** A point on Earth in degrees (WGS 84, as a browser's geolocation and Nominatim give it). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Where a photo was taken (device accuracy in metres) and its distance from the address, if any. */
export interface PhotoLocation extends GeoPoint {
  accuracyM: number;
  distanceM: number | null;
}

/** What the photo dialog says of a photo it sends: how it was taken, and where only with consent. */
export interface PhotoCaptureFacts {
  captureSource: CaptureSource;
  location: (GeoPoint & { accuracy: number }) | null;
}

/** The upload's text fields for these facts (sent before the file: the server reads them first). */
export function photoCaptureFields(facts: PhotoCaptureFacts): [string, string][] {
  const fields: [string, string][] = [['captureSource', facts.captureSource]];
  const { location } = facts;
  if (location) {
    // At most 7 decimals (about a centimetre) and a whole metre: what the schema reads back.
    fields.push(['latitude', location.latitude.toFixed(7)]);
    fields.push(['longitude', location.longitude.toFixed(7)]);
    fields.push(['accuracy', String(Math.max(0, Math.round(location.accuracy)))]);
  }
  return fields;
}

/** A task's photo fields when it has no photo (a new task, a photo removed): its evidence goes with it. */
export const NO_PHOTO_EVIDENCE = {
  photoCapturedAt: null,
  photoReceivedAt: null,
  photoCaptureSource: null,
  photoLocation: null,
} as const;

export const EVIDENCE_LIMITS = {
  /** 'Taken {date}' shows when the camera's time is more than this before (or after) receipt. */
  captureGapHours: 24,
  /**
   * A photo is flagged as far from the address when it was taken more than this many metres from it
   * beyond the device's own accuracy (a phone indoors is often 20-100 m out; a neighbouring street is not
   * the property, a town away surely is not).
   */
  farBeyondAccuracyM: 500,
  /** An accuracy worse than this says nothing of where the photo was taken: refused. */
  maxAccuracyM: 100_000,
  /** The address an owner may give a checklist. */
  addressMax: 300,
} as const;

/** An EXIF offset as cameras write it ('+02:00', '-05:30'), within the world's zones; null otherwise. */
export function parseUtcOffset(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*([+-])(\d{2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return null;
  // '-00:00' is the same zone as '+00:00'.
  const sign = hours === 0 && minutes === 0 ? '+' : match[1];
  return `${sign}${match[2]}:${match[3]}`;
}

/**
 * The capture time as the API gives it: the camera's wall clock ('2026-11-20T09:15:00') with its
 * offset when the camera wrote one ('2026-11-20T09:15:00+02:00'); null without a capture time.
 */
export function captureTimeText(capturedAt: string | null, offset: string | null): string | null {
  if (!capturedAt) return null;
  return offset ? `${capturedAt}${offset}` : capturedAt;
}

/**
 * The instant of a capture time as `captureTimeText` writes it. Without an offset the wall clock is
 * read as UTC: at most 14 hours out, well inside the 24 hours that make a photo 'taken' long before.
 */
export function captureInstant(captured: string): Date | null {
  const zoned = /(?:[+-]\d{2}:\d{2}|Z)$/.test(captured) ? captured : `${captured}Z`;
  const time = new Date(zoned);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** Whether the camera's time and the receipt are more than 24 hours apart ('Taken {date}' is shown). */
export function isCaptureFarFromReceipt(captured: string | null, receivedAt: string | null): boolean {
  if (!captured || !receivedAt) return false;
  const taken = captureInstant(captured);
  const received = new Date(receivedAt);
  if (!taken || Number.isNaN(received.getTime())) return false;
  return Math.abs(received.getTime() - taken.getTime()) > EVIDENCE_LIMITS.captureGapHours * 3_600_000;
}

/** The mean radius of the Earth in metres (IUGG). */
const EARTH_RADIUS_M = 6_371_008.8;

/** The great-circle distance between two points in metres (haversine), rounded to the metre. */
export function distanceMeters(from: GeoPoint, to: GeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLng = rad(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Whether a photo taken `distanceM` from the address, by a device this accurate, is flagged as far. */
export function isFarFromAddress(distanceM: number, accuracyM: number): boolean {
  return distanceM > EVIDENCE_LIMITS.farBeyondAccuracyM + accuracyM;
}

/** '40 m', '1.2 km', '36 km': a distance as the owner reads it. */
export function formatDistance(meters: number): string {
  if (meters < 1_000) return `${Math.round(meters)} m`;
  if (meters < 10_000) return `${(meters / 1_000).toFixed(1)} km`;
  return `${Math.round(meters / 1_000).toLocaleString('en-US')} km`;
}

/**
 * Typed coordinates ('52.37, 4.89', '-33.86,151.21'): the local geocoder's answer, and how an owner
 * may give a point without a geocoder. Null when the text is not a pair of degrees in range.
 */
export function parseCoordinates(text: string): GeoPoint | null {
  const match = /^\s*([+-]?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * A capture time as people read it: '2026-11-20 09:15 UTC+02:00' with the camera's offset, else
 * '2026-11-20 09:15 (camera clock)': the camera's wall clock in a zone nobody recorded.
 */
export function cameraTimeLabel(captured: string): string {
  const wall = captured.slice(0, 16).replace('T', ' ');
  const offset = /([+-]\d{2}:\d{2})$/.exec(captured)?.[1];
  return offset ? `${wall} UTC${offset}` : `${wall} (camera clock)`;
}

/** 'Taken 20 Nov 2026': the day on the camera's own calendar (no zone conversion). */
export function takenDateLabel(captured: string): string {
  const day = new Date(`${captured.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return `Taken ${captured.slice(0, 10)}`;
  return `Taken ${day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
}

/** How the photo dialog said the photo was made. */
export const CAPTURE_SOURCE_LABELS: Record<CaptureSource, string> = {
  camera: 'Taken with camera',
  library: 'From gallery',
};

/** 'Taken 40 m from the address', or where it was taken when the checklist has no located address. */
export function locationLabel(location: PhotoLocation): string {
  if (location.distanceM === null) return `Location recorded (within ${formatDistance(location.accuracyM)})`;
  return `Taken ${formatDistance(location.distanceM)} from the address`;
}
