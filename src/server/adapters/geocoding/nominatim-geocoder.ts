import { parseCoordinates } from '#domain/photo-evidence';
import { type Geocoder, GeocoderUnavailable } from './geocoder.ts';

/**
 * A Nominatim-compatible search API (GET {url}/search?format=jsonv2&q=…&limit=1): OpenStreetMap's own
 * (its usage policy asks for an identifying User-Agent and at most one request a second; an owner
 * saving an address is far below that), a self-hosted Nominatim, or a compatible service. Typed
 * coordinates are read without asking anyone.
 */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly options: {
      /** The API's base URL, without a trailing slash. */
      url: string;
      /** Who is asking: the site's name and its public address (Nominatim's policy). */
      userAgent: string;
      timeoutMs?: number;
    },
  ) {}

  async locate(address: string) {
    const typed = parseCoordinates(address);
    if (typed) return typed;
    const url = new URL(`${this.options.url}/search`);
    url.search = new URLSearchParams({ format: 'jsonv2', limit: '1', q: address }).toString();
    const body = await this.request(url);
    if (!Array.isArray(body)) throw new GeocoderUnavailable('invalid_response');
    const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return null;
    const latitude = Number(first.lat);
    const longitude = Number(first.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
      throw new GeocoderUnavailable('invalid_response');
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      throw new GeocoderUnavailable('invalid_response');
    return { latitude, longitude };
  }

  private async request(url: URL): Promise<unknown> {
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 5_000);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent },
        redirect: 'error',
        signal,
      });
    } catch {
      throw new GeocoderUnavailable(signal.aborted ? 'timeout' : 'unreachable');
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new GeocoderUnavailable('http', response.status);
    }
    try {
      return await response.json();
    } catch {
      throw new GeocoderUnavailable(signal.aborted ? 'timeout' : 'invalid_response');
    }
  }
}
