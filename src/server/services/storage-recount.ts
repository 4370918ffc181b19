import type { PhotoStore } from '../adapters/storage/photo-store.ts';
import type { Database } from '../db/client.ts';
import {
  lockStorageOfTeam,
  resetTeamUsedBytes,
  setPhotoStoredBytes,
  storageOfTeam,
  teamIdsAfter,
  teamPhotosAfter,
} from '../repositories/storage.ts';

/**
 * The repair of the storage figures (`npm run admin -- recount-storage [teamId]`, docs/storage.md):
 * each photo's stored_bytes is set to the sizes of its objects in the store (a missing object counts
 * nothing), then the team's figure to the sum of its photos', under the team's lock. The triggers keep
 * the two equal from then on; this puts right what they cannot see (a figure changed by hand, the
 * estimates of migration 0032, an object lost from the store).
 */

export interface TeamRecount {
  teamId: string;
  /** The team's figure when the recount began, and after it. */
  beforeBytes: number;
  afterBytes: number;
  photos: number;
  /** Photos whose stored_bytes changed. */
  photosCorrected: number;
  /** Objects a photo row names that the store does not have. */
  missingObjects: number;
}

const PAGE = 200;
/** Objects asked about at once (a HEAD each on S3). */
const AT_ONCE = 8;

export async function recountStorage(
  db: Database,
  store: Pick<PhotoStore, 'size'>,
  teamId?: string,
): Promise<TeamRecount[] | null> {
  if (teamId !== undefined) {
    const one = await recountTeam(db, store, teamId);
    return one ? [one] : null;
  }
  const results: TeamRecount[] = [];
  for (let after = ''; ; ) {
    const ids = await teamIdsAfter(db, after, PAGE);
    for (const id of ids) {
      const result = await recountTeam(db, store, id);
      if (result) results.push(result);
    }
    const last = ids.at(-1);
    if (!last || ids.length < PAGE) return results;
    after = last;
  }
}

async function recountTeam(
  db: Database,
  store: Pick<PhotoStore, 'size'>,
  teamId: string,
): Promise<TeamRecount | null> {
  const start = await storageOfTeam(db, teamId);
  if (!start) return null;
  let photos = 0;
  let photosCorrected = 0;
  let missingObjects = 0;
  for (let after = ''; ; ) {
    const page = await teamPhotosAfter(db, teamId, after, PAGE);
    for (let start = 0; start < page.length; start += AT_ONCE) {
      await Promise.all(
        page.slice(start, start + AT_ONCE).map(async (photo) => {
          const sizes = await Promise.all([store.size(photo.displayKey), store.size(photo.thumbKey)]);
          missingObjects += sizes.filter((size) => size === null).length;
          const bytes = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
          photos += 1;
          if (bytes === photo.storedBytes) return;
          await setPhotoStoredBytes(db, photo.id, bytes);
          photosCorrected += 1;
        }),
      );
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  return db.transaction(async (tx) => {
    const team = await lockStorageOfTeam(tx, teamId);
    if (!team) return null;
    const afterBytes = (await resetTeamUsedBytes(tx, teamId)) ?? team.usedBytes;
    return { teamId, beforeBytes: start.usedBytes, afterBytes, photos, photosCorrected, missingObjects };
  });
}
