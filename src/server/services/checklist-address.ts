import { AppError } from '#domain/errors';
import type { GeoPoint } from '#domain/photo-evidence';
import type { ChecklistAddressInput } from '#domain/photo-evidence-input';
import type { Geocoder } from '../adapters/geocoding/geocoder.ts';
import type { Database } from '../db/client.ts';
import { type Caller, checklistNotFound } from '../policies/checklists.ts';
import { asSeenBy } from '../presenters/checklists.ts';
import { addressOf, setAddress } from '../repositories/checklist-address.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistAt, readChecklistWithRevision } from './checklists.ts';

/**
 * PUT /api/checklists/{id}/address (the team only): where the work is done, and its point. The point
 * is the owner's device's when they sent one ('Use my current location'); otherwise the geocoder's for
 * a new address (looked up before the transaction: a slow geocoder holds no lock), kept as it was for
 * the same address, null when nothing was found. Photos taken with consent are measured from it.
 */
export async function setChecklistAddress(
  deps: { db: Database; geocoder: Geocoder; log: { warn(object: object, message: string): void } },
  caller: Caller,
  checklistId: string,
  input: ChecklistAddressInput,
): Promise<ChecklistAt> {
  const { db } = deps;
  const { access } = await resolveChecklistActor(db, caller, checklistId, 'edit');
  if (access.kind !== 'owner') throw checklistNotFound();
  const address = input.address ? input.address : null;
  const current = await addressOf(db, access, checklistId);
  if (!current) throw checklistNotFound();
  let point: GeoPoint | null;
  if (input.location !== undefined) point = input.location;
  else if (address === null) point = null;
  else if (address === current.address) point = current.point;
  else point = await locate(deps, address);
  return db.transaction(async (tx) => {
    if (!(await setAddress(tx, access, checklistId, { address, point }))) throw checklistNotFound();
    const read = await readChecklistWithRevision(tx, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: asSeenBy(access.kind, read.checklist), revision: read.revision };
  });
}

/** The geocoder's point; when it cannot answer, 503 (nothing saved: the owner may try again). */
async function locate(deps: Parameters<typeof setChecklistAddress>[0], address: string) {
  try {
    return await deps.geocoder.locate(address);
  } catch (error) {
    deps.log.warn({ err: error }, 'The geocoder did not answer');
    throw new AppError(
      'service_unavailable',
      'The address could not be looked up just now. Try again, or use your current location.',
    );
  }
}
