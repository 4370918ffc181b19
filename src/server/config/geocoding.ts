import { z } from 'zod';
import { optionalHttpUrl } from './env-fields.ts';
import { requireHttpsInProduction, type SettingsCheck } from './settings-check.ts';

/**
 * Where a checklist's address is looked up (issue 34, decision 0058): a Nominatim-compatible search API
 * (GEOCODER_URL: OpenStreetMap's own, a self-hosted Nominatim, or a compatible service), or, unset, the
 * local geocoder, which reads typed coordinates and says "not found" to anything else. Optional in
 * production too: an owner can always give the point with 'Use my current location'.
 */

export const GeocodingEnv = z.object({
  GEOCODER_URL: optionalHttpUrl,
});
export type GeocodingEnv = z.infer<typeof GeocodingEnv>;

export type GeocodingConfig = { kind: 'nominatim'; url: string } | { kind: 'coordinates' };

export function readGeocoding(e: GeocodingEnv, check: SettingsCheck): GeocodingConfig {
  if (!e.GEOCODER_URL) return { kind: 'coordinates' };
  requireHttpsInProduction(check, 'GEOCODER_URL', e.GEOCODER_URL);
  return { kind: 'nominatim', url: e.GEOCODER_URL.replace(/\/+$/, '') };
}
