import { sql } from 'drizzle-orm';
import type { GeoPoint } from '#domain/photo-evidence';
import type { Database } from '../db/client.ts';
import { checklists } from '../db/schema/index.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';

/** A checklist's address and its point (issue 34): where photos taken with consent are measured from. */

/** A point from two nullable columns: both, or none. */
export function pointOf(latitude: number | null, longitude: number | null): GeoPoint | null {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** The address and point as stored, if the access reaches the checklist. */
export async function addressOf(db: Database, access: ChecklistAccess, checklistId: string) {
  const [row] = await db
    .select({
      address: checklists.address,
      latitude: checklists.addressLatitude,
      longitude: checklists.addressLongitude,
    })
    .from(checklists)
    .where(isInReach(access, checklistId));
  return row && { address: row.address, point: pointOf(row.latitude, row.longitude) };
}

/** Writes the address and its point, taking the checklist's next revision; false when out of reach. */
export async function setAddress(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  value: { address: string | null; point: GeoPoint | null },
): Promise<boolean> {
  const rows = await db
    .update(checklists)
    .set({
      address: value.address,
      addressLatitude: value.point?.latitude ?? null,
      addressLongitude: value.point?.longitude ?? null,
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
    })
    .where(isInReach(access, checklistId))
    .returning({ id: checklists.id });
  return rows.length > 0;
}
