import type { GeoPoint } from '#domain/photo-evidence';

/**
 * Finding the point of an address (issue 34): photos taken with the person's consent are measured from
 * it. One interface, a real implementation (a Nominatim-compatible search API) and a local one (typed
 * coordinates only), chosen by config (config/geocoding.ts).
 */
export interface Geocoder {
  /** The address's point, or null when it could not be found (never a guess). Throws when unreachable. */
  locate(address: string): Promise<GeoPoint | null>;
}

/** The geocoder could not answer (unreachable, too slow, an error status, a body it did not expect). */
export class GeocoderUnavailable extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'http' | 'invalid_response',
    status?: number,
  ) {
    super(`The geocoder did not answer (${reason}${status ? ` ${status}` : ''})`);
    this.name = 'GeocoderUnavailable';
  }
}
