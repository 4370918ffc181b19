import { and, asc, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamRole } from '#domain/teams';
import type { Database } from '../db/client.ts';
import {
  checklistTemplates,
  scheduleOccurrences,
  schedules,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';

/**
 * Schedules and their runs (db/schema/schedules.ts). Every statement a request makes is scoped by the
 * team, so another team's schedule reads as absent; the runner's statements go by schedule id.
 */

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = Omit<ScheduleRow, 'createdAt' | 'updatedAt'>;
export type OccurrenceRow = typeof scheduleOccurrences.$inferSelect;

const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');

/** A schedule with what its answer names: the team's plan, its own template's name, the people. */
function scheduleWithNames(db: Database) {
  return db
    .select({
      schedule: schedules,
      tier: teams.tier,
      ownTemplateName: checklistTemplates.name,
      creatorName: sql<string | null>`coalesce(nullif(${creator.displayName}, ''), ${creator.email})`,
      assigneeName: sql<string | null>`coalesce(nullif(${assignee.displayName}, ''), ${assignee.email})`,
    })
    .from(schedules)
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .leftJoin(
      checklistTemplates,
      and(
        eq(checklistTemplates.id, schedules.templateId),
        eq(checklistTemplates.userId, schedules.createdBy),
      ),
    )
    .leftJoin(creator, eq(creator.id, schedules.createdBy))
    .leftJoin(assignee, eq(assignee.id, schedules.assigneeUid));
}

export async function listTeamSchedules(db: Database, teamId: string) {
  return scheduleWithNames(db)
    .where(eq(schedules.teamId, teamId))
    .orderBy(asc(schedules.createdAt), asc(schedules.id));
}

export async function readTeamSchedule(db: Database, teamId: string, scheduleId: string) {
  const [row] = await scheduleWithNames(db).where(
    and(eq(schedules.teamId, teamId), eq(schedules.id, scheduleId)),
  );
  return row;
}

/** The last `perSchedule` runs of each of the team's schedules, newest first. */
export async function recentOccurrences(
  db: Database,
  teamId: string,
  perSchedule: number,
  scheduleId?: string,
): Promise<OccurrenceRow[]> {
  const ranked = db
    .select({
      id: scheduleOccurrences.id,
      rank: sql<number>`row_number() over (partition by ${scheduleOccurrences.scheduleId} order by ${scheduleOccurrences.createdAt} desc, ${scheduleOccurrences.id} desc)`.as(
        'rank',
      ),
    })
    .from(scheduleOccurrences)
    .innerJoin(schedules, eq(schedules.id, scheduleOccurrences.scheduleId))
    .where(and(eq(schedules.teamId, teamId), scheduleId ? eq(schedules.id, scheduleId) : undefined))
    .as('ranked');
  const rows = await db
    .select({ occurrence: scheduleOccurrences })
    .from(scheduleOccurrences)
    .innerJoin(ranked, eq(ranked.id, scheduleOccurrences.id))
    .where(lte(ranked.rank, perSchedule))
    .orderBy(desc(scheduleOccurrences.createdAt), desc(scheduleOccurrences.id));
  return rows.map((row) => row.occurrence);
}

export async function countTeamSchedules(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schedules).where(eq(schedules.teamId, teamId));
  return row?.n ?? 0;
}

export async function insertSchedule(db: Database, row: NewScheduleRow): Promise<void> {
  await db.insert(schedules).values(row);
}

export async function updateTeamSchedule(
  db: Database,
  teamId: string,
  scheduleId: string,
  set: Partial<NewScheduleRow>,
): Promise<boolean> {
  const updated = await db
    .update(schedules)
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(schedules.teamId, teamId), eq(schedules.id, scheduleId)))
    .returning({ id: schedules.id });
  return updated.length > 0;
}

/** Deletes the schedule and its runs; the checklists it made stay with the team. */
export async function deleteTeamSchedule(db: Database, teamId: string, scheduleId: string): Promise<boolean> {
  const deleted = await db
    .delete(schedules)
    .where(and(eq(schedules.teamId, teamId), eq(schedules.id, scheduleId)))
    .returning({ id: schedules.id });
  return deleted.length > 0;
}

/** The team role of a schedule's creator and of its assignee, read with the lock (the run needs them). */
const rolesOfSchedule = {
  creatorRole: sql<TeamRole | null>`(select m.role from ${teamMembers} m where m.team_id = ${schedules.teamId} and m.user_id = ${schedules.createdBy})`,
  assigneeRole: sql<TeamRole | null>`(select m.role from ${teamMembers} m where m.team_id = ${schedules.teamId} and m.user_id = ${schedules.assigneeUid})`,
};

/**
 * Due schedules (not paused, of a paid team), oldest first, locked with their teams' rows for the
 * caller's transaction, skipping those another transaction holds: every worker of every instance
 * takes different schedules of different teams (a checklist's plan check locks the team's row
 * anyway) instead of queueing behind one another. `scheduleId`: that one only, if still due and free.
 */
export async function lockDueSchedules(tx: Database, now: Date, limit: number, scheduleId?: string) {
  return tx
    .select({ schedule: schedules, tier: teams.tier, ...rolesOfSchedule })
    .from(schedules)
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .where(
      and(
        lte(schedules.nextRunAt, now),
        eq(schedules.paused, false),
        ne(teams.tier, 'free'),
        scheduleId ? eq(schedules.id, scheduleId) : undefined,
      ),
    )
    .orderBy(asc(schedules.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export type DueSchedule = Awaited<ReturnType<typeof lockDueSchedules>>[number];

/** Several runs' rows at once; answers the ones written (a key already taken is left out). */
export async function insertOccurrences(
  tx: Database,
  rows: Omit<OccurrenceRow, 'createdAt'>[],
): Promise<OccurrenceRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(scheduleOccurrences)
    .values(rows)
    .onConflictDoNothing({ target: [scheduleOccurrences.scheduleId, scheduleOccurrences.occurrenceKey] })
    .returning();
}

/** advanceNextRun for several schedules in one statement. */
export async function advanceNextRuns(
  tx: Database,
  moves: { scheduleId: string; from: Date; to: Date }[],
): Promise<void> {
  if (moves.length === 0) return;
  const values = sql.join(
    moves.map(
      (m) => sql`(${m.scheduleId}, ${m.from.toISOString()}::timestamptz, ${m.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${schedules} s set next_run_at = v.next_at
    from (values ${values}) as v(id, due_at, next_at)
    where s.id = v.id and s.next_run_at = v.due_at`);
}

/**
 * Claims a run: inserts its row unless one with its key exists. Answers the row when this call made
 * it; undefined when another claim (another instance, an earlier pass) has it. Inside a transaction a
 * concurrent claim of the same key waits for this one to commit or roll back.
 */
export async function claimOccurrence(
  db: Database,
  row: Omit<OccurrenceRow, 'createdAt'>,
): Promise<OccurrenceRow | undefined> {
  const [claimed] = await db
    .insert(scheduleOccurrences)
    .values(row)
    .onConflictDoNothing({ target: [scheduleOccurrences.scheduleId, scheduleOccurrences.occurrenceKey] })
    .returning();
  return claimed;
}

export async function updateOccurrence(
  db: Database,
  occurrenceId: string,
  set: Partial<Pick<OccurrenceRow, 'status' | 'reason' | 'checklistId' | 'shareStatus'>>,
): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .update(scheduleOccurrences)
    .set(set)
    .where(eq(scheduleOccurrences.id, occurrenceId))
    .returning();
  return row;
}

/** Moves the next run on, only if it is still the one this pass ran (a concurrent edit wins). */
export async function advanceNextRun(db: Database, scheduleId: string, from: Date, to: Date): Promise<void> {
  await db
    .update(schedules)
    .set({ nextRunAt: to })
    .where(and(eq(schedules.id, scheduleId), eq(schedules.nextRunAt, from)));
}
