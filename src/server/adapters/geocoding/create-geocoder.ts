import type { GeocodingConfig } from '../../config/geocoding.ts';
import { CoordinatesGeocoder } from './coordinates-geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';

/** The geocoder the config chooses; `userAgent` names this deployment to the geocoder's operator. */
export function createGeocoder(config: GeocodingConfig, userAgent: string): Geocoder {
  return config.kind === 'nominatim'
    ? new NominatimGeocoder({ url: config.url, userAgent })
    : new CoordinatesGeocoder();
}
