import { parseCoordinates } from '#domain/photo-evidence';
import type { Geocoder } from './geocoder.ts';

/**
 * The local geocoder (no GEOCODER_URL): it understands typed coordinates ('52.3676, 4.9041') and says
 * honestly that it found nothing for anything else, so development and tests need no outside service
 * and no address is ever given a made-up point.
 */
export class CoordinatesGeocoder implements Geocoder {
  async locate(address: string) {
    return parseCoordinates(address);
  }
}
