import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeNominatim, startFakeNominatim } from '#tests/support/fake-nominatim';
import { CoordinatesGeocoder } from './coordinates-geocoder.ts';
import { GeocoderUnavailable } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';

describe('NominatimGeocoder against a local Nominatim', () => {
  let fake: FakeNominatim;
  let geocoder: NominatimGeocoder;
  beforeAll(async () => {
    fake = await startFakeNominatim({ 'Dam 1, Amsterdam': { lat: 52.3731, lon: 4.8926 } });
    geocoder = new NominatimGeocoder({
      url: fake.url,
      userAgent: 'ListSync (+https://listsync.test)',
      timeoutMs: 300,
    });
  });
  afterAll(async () => fake.close());

  it('answers the first place, identifies itself, and says null for an unknown address', async () => {
    expect(await geocoder.locate('Dam 1, Amsterdam')).toEqual({ latitude: 52.3731, longitude: 4.8926 });
    expect(fake.queries.at(-1)).toEqual({
      q: 'Dam 1, Amsterdam',
      limit: '1',
      userAgent: 'ListSync (+https://listsync.test)',
    });
    expect(await geocoder.locate('Nowhere 0')).toBeNull();
  });

  it('reads typed coordinates without asking', async () => {
    const asked = fake.queries.length;
    expect(await geocoder.locate('-33.8688, 151.2093')).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    expect(fake.queries.length).toBe(asked);
  });

  it('throws GeocoderUnavailable on an error status and on a timeout', async () => {
    fake.fail(500);
    await expect(geocoder.locate('Dam 1, Amsterdam')).rejects.toMatchObject({ reason: 'http' });
    fake.fail('hang');
    const impatient = new NominatimGeocoder({ url: fake.url, userAgent: 'ListSync', timeoutMs: 200 });
    await expect(impatient.locate('Dam 1, Amsterdam')).rejects.toBeInstanceOf(GeocoderUnavailable);
    await expect(impatient.locate('Dam 1, Amsterdam')).rejects.toMatchObject({ reason: 'timeout' });
    fake.fail(null);
  });

  it('throws on an unreachable server', async () => {
    const gone = new NominatimGeocoder({ url: 'http://127.0.0.1:9', userAgent: 'ListSync' });
    await expect(gone.locate('Dam 1')).rejects.toMatchObject({ reason: 'unreachable' });
  });
});

describe('CoordinatesGeocoder (local)', () => {
  it('reads coordinates and finds nothing else', async () => {
    const local = new CoordinatesGeocoder();
    expect(await local.locate('52.37, 4.89')).toEqual({ latitude: 52.37, longitude: 4.89 });
    expect(await local.locate('Dam 1, Amsterdam')).toBeNull();
  });
});
