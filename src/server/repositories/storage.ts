import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { checklists, photos, teams } from '../db/schema/index.ts';

/**
 * A team's storage figure (docs/storage.md): teams.storage_used_bytes, kept by the photos' triggers
 * (migration 0032), and each photo's stored_bytes. These statements read it, lock it for a check,
 * and repair it (the recount).
 */

export interface TeamStorageRow {
  teamId: string;
  teamName: string;
  tier: Tier;
  usedBytes: number;
  warnedAt: Date | null;
}

const storageColumns = {
  teamId: teams.id,
  teamName: teams.name,
  tier: teams.tier,
  usedBytes: teams.storageUsedBytes,
  warnedAt: teams.storageWarnedAt,
};

/** The storage of the team that holds this checklist, as it is now (no lock); undefined: no checklist. */
export async function storageOfChecklistTeam(
  db: Database,
  checklistId: string,
): Promise<TeamStorageRow | undefined> {
  const [row] = await db
    .select(storageColumns)
    .from(checklists)
    .innerJoin(teams, eq(teams.id, checklists.teamId))
    .where(eq(checklists.id, checklistId));
  return row;
}

/**
 * Inside the transaction that inserts a photo: the team row of the checklist, locked until it ends, so
 * two uploads to one team check the figure one after the other (each sees the other's bytes).
 */
export async function lockStorageOfChecklistTeam(
  tx: Database,
  checklistId: string,
): Promise<TeamStorageRow | undefined> {
  const [row] = await tx
    .select(storageColumns)
    .from(teams)
    .where(
      eq(
        teams.id,
        sql`(select ${checklists.teamId} from ${checklists} where ${checklists.id} = ${checklistId})`,
      ),
    )
    .for('update');
  return row;
}

/** The storage figure of a team, locked until the transaction ends; undefined: no such team. */
export async function lockStorageOfTeam(tx: Database, teamId: string): Promise<TeamStorageRow | undefined> {
  const [row] = await tx.select(storageColumns).from(teams).where(eq(teams.id, teamId)).for('update');
  return row;
}

/** The storage figure of a team; undefined when there is no such team. */
export async function storageOfTeam(db: Database, teamId: string): Promise<TeamStorageRow | undefined> {
  const [row] = await db.select(storageColumns).from(teams).where(eq(teams.id, teamId));
  return row;
}

/** Marks (a date) or clears (null) the team's 80% warning. */
export async function setStorageWarnedAt(db: Database, teamId: string, at: Date | null): Promise<void> {
  await db.update(teams).set({ storageWarnedAt: at }).where(eq(teams.id, teamId));
}

/**
 * Claims the team's "a recipient's upload was refused" notice: true (and the time is kept) when none
 * was claimed since `since`, false otherwise. One statement: two refusals at once claim it once.
 */
export async function claimStorageFullNotice(
  db: Database,
  teamId: string,
  now: Date,
  since: Date,
): Promise<boolean> {
  const claimed = await db
    .update(teams)
    .set({ storageFullToldAt: now })
    .where(and(eq(teams.id, teamId), or(isNull(teams.storageFullToldAt), lt(teams.storageFullToldAt, since))))
    .returning({ id: teams.id });
  return claimed.length > 0;
}

/** The teams, a page at a time by id (the recount of every team). */
export async function teamIdsAfter(db: Database, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(gt(teams.id, after))
    .orderBy(asc(teams.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The team's photos with their keys and recorded bytes, a page at a time by id. */
export async function teamPhotosAfter(db: Database, teamId: string, after: string, limit: number) {
  return db
    .select({
      id: photos.id,
      displayKey: photos.displayKey,
      thumbKey: photos.thumbKey,
      storedBytes: photos.storedBytes,
    })
    .from(photos)
    .where(and(eq(photos.teamId, teamId), gt(photos.id, after)))
    .orderBy(asc(photos.id))
    .limit(limit);
}

/** Sets one photo's stored bytes (the trigger moves the team's figure by the difference). */
export async function setPhotoStoredBytes(db: Database, photoId: string, bytes: number): Promise<void> {
  await db.update(photos).set({ storedBytes: bytes }).where(eq(photos.id, photoId));
}

/**
 * Inside a transaction that holds the team row: sets the figure to the sum of its photos' stored bytes
 * (what the triggers keep it at; a figure that drifted from it is put right). Answers before and after.
 */
export async function resetTeamUsedBytes(db: Database, teamId: string) {
  const [row] = await db
    .update(teams)
    .set({
      storageUsedBytes: sql`(select coalesce(sum(${photos.storedBytes}), 0) from ${photos} where ${photos.teamId} = ${teamId})`,
    })
    .where(eq(teams.id, teamId))
    .returning({ usedBytes: teams.storageUsedBytes });
  return row?.usedBytes;
}
