import { describe, expect, it } from 'vitest';
import {
  cameraTimeLabel,
  captureInstant,
  captureTimeText,
  distanceMeters,
  formatDistance,
  isCaptureFarFromReceipt,
  isFarFromAddress,
  locationLabel,
  parseCoordinates,
  parseUtcOffset,
  takenDateLabel,
} from './photo-evidence.ts';

describe('parseUtcOffset', () => {
  it('keeps the offsets cameras write', () => {
    expect(parseUtcOffset('+02:00')).toBe('+02:00');
    expect(parseUtcOffset('-05:30')).toBe('-05:30');
    expect(parseUtcOffset(' +14:00 ')).toBe('+14:00');
    expect(parseUtcOffset('-00:00')).toBe('+00:00');
  });

  it('refuses anything else', () => {
    for (const text of ['+15:00', '+14:30', '+02:60', '0200', '+2:00', '', '   :  ', 'Z', undefined, 2]) {
      expect(parseUtcOffset(text), String(text)).toBeNull();
    }
  });
});

describe('capture time', () => {
  it('is written with its offset when the camera gave one', () => {
    expect(captureTimeText('2026-11-20T09:15:00', '+02:00')).toBe('2026-11-20T09:15:00+02:00');
    expect(captureTimeText('2026-11-20T09:15:00', null)).toBe('2026-11-20T09:15:00');
    expect(captureTimeText(null, '+02:00')).toBeNull();
  });

  it('reads as an instant, as UTC when no offset is known', () => {
    expect(captureInstant('2026-11-20T09:15:00+02:00')?.toISOString()).toBe('2026-11-20T07:15:00.000Z');
    expect(captureInstant('2026-11-20T09:15:00')?.toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect(captureInstant('nonsense')).toBeNull();
  });

  it('is far from the receipt past 24 hours, either way', () => {
    const received = '2026-11-21T07:15:00.000Z';
    expect(isCaptureFarFromReceipt('2026-11-20T09:15:00+02:00', received)).toBe(false); // exactly 24 h
    expect(isCaptureFarFromReceipt('2026-11-20T09:14:59+02:00', received)).toBe(true);
    expect(isCaptureFarFromReceipt('2026-11-22T09:15:01+02:00', received)).toBe(true);
    expect(isCaptureFarFromReceipt(null, received)).toBe(false);
    expect(isCaptureFarFromReceipt('2026-10-01T08:00:00', null)).toBe(false);
  });
});

describe('distanceMeters (haversine)', () => {
  it('measures known distances', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    // 343.5 km by the great circle.
    expect(distanceMeters(paris, london)).toBeGreaterThan(343_000);
    expect(distanceMeters(paris, london)).toBeLessThan(344_000);
    expect(distanceMeters(paris, paris)).toBe(0);
    // 0.001 degree of latitude is 111 m anywhere.
    expect(distanceMeters(paris, { ...paris, latitude: paris.latitude + 0.001 })).toBe(111);
  });

  it('goes the short way across the date line and over the pole', () => {
    expect(distanceMeters({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBe(
      222,
    );
    expect(distanceMeters({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBe(20_015_114);
  });
});

describe('isFarFromAddress', () => {
  it('flags a photo more than 500 m beyond the accuracy away', () => {
    expect(isFarFromAddress(40, 10)).toBe(false);
    expect(isFarFromAddress(510, 10)).toBe(false);
    expect(isFarFromAddress(511, 10)).toBe(true);
    expect(isFarFromAddress(900, 1_000)).toBe(false);
  });
});

describe('formatDistance', () => {
  it('reads in metres, then kilometres', () => {
    expect(formatDistance(40)).toBe('40 m');
    expect(formatDistance(1_234)).toBe('1.2 km');
    expect(formatDistance(36_400)).toBe('36 km');
    expect(formatDistance(1_234_567)).toBe('1,235 km');
  });
});

describe('parseCoordinates', () => {
  it('reads typed coordinates', () => {
    expect(parseCoordinates('52.3676, 4.9041')).toEqual({ latitude: 52.3676, longitude: 4.9041 });
    expect(parseCoordinates('-33.86;151.21')).toEqual({ latitude: -33.86, longitude: 151.21 });
    expect(parseCoordinates('48.85 2.35')).toEqual({ latitude: 48.85, longitude: 2.35 });
  });

  it('refuses addresses and out-of-range degrees', () => {
    for (const text of ['12 Main Street', '91, 0', '0, 181', '52.3', '', '1e2, 3']) {
      expect(parseCoordinates(text), text).toBeNull();
    }
  });
});

describe('labels', () => {
  it('reads the camera time with its offset, or says it is the camera clock', () => {
    expect(cameraTimeLabel('2026-11-20T09:15:00+02:00')).toBe('2026-11-20 09:15 UTC+02:00');
    expect(cameraTimeLabel('2026-11-20T09:15:00')).toBe('2026-11-20 09:15 (camera clock)');
    expect(takenDateLabel('2026-11-20T23:59:00-11:00')).toBe('Taken 20 Nov 2026');
  });

  it('says how far from the address', () => {
    expect(locationLabel({ latitude: 0, longitude: 0, accuracyM: 10, distanceM: 40 })).toBe(
      'Taken 40 m from the address',
    );
    expect(locationLabel({ latitude: 0, longitude: 0, accuracyM: 10, distanceM: null })).toBe(
      'Location recorded (within 10 m)',
    );
  });
});
