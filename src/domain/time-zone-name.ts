import { z } from 'zod';
import { canonicalTimeZone, isValidTimeZone } from './time-zones.ts';

/**
 * A body or query field holding an IANA zone, answered in its canonical spelling. Kept apart from
 * time-zones.ts (decision 0062): the browser reads that module's wall-clock helpers on the dashboard,
 * and a zod import there put zod (23 KiB gzipped) in the dashboard's and checklist page's first load.
 */
export function timeZoneName(field: string) {
  return z
    .string()
    .max(64)
    .refine(isValidTimeZone, { error: `${field} must be an IANA time zone such as Europe/Paris` })
    .transform(canonicalTimeZone);
}
