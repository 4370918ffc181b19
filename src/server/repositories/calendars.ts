import { and, asc, count, desc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  calendarReservations,
  calendarRuns,
  calendars,
  checklists,
  tasks,
  teams,
  users,
} from '../db/schema/index.ts';

/** Booking calendars' rows (services/calendars.ts, services/calendar-sync.ts). */

export type CalendarRow = typeof calendars.$inferSelect;
export type CalendarInsert = typeof calendars.$inferInsert;
export type ReservationRow = typeof calendarReservations.$inferSelect;
export type CalendarRunRow = typeof calendarRuns.$inferSelect;

/** A calendar with its creator's name and its team's tier (the cadence). */
const withTeamColumns = {
  calendar: calendars,
  creatorName: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.email})`,
  tier: teams.tier,
};

export async function insertCalendar(db: Database, row: CalendarInsert): Promise<CalendarRow> {
  const [inserted] = await db.insert(calendars).values(row).returning();
  if (!inserted) throw new Error('calendar insert returned nothing');
  return inserted;
}

export async function countTeamCalendars(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(calendars).where(eq(calendars.teamId, teamId));
  return row?.n ?? 0;
}

export async function listTeamCalendars(db: Database, teamId: string) {
  return db
    .select(withTeamColumns)
    .from(calendars)
    .innerJoin(users, eq(users.id, calendars.creatorId))
    .innerJoin(teams, eq(teams.id, calendars.teamId))
    .where(eq(calendars.teamId, teamId))
    .orderBy(asc(calendars.createdAt), asc(calendars.id));
}

/** One calendar of the team, or undefined (another team's is not found). */
export async function findTeamCalendar(db: Database, teamId: string, calendarId: string) {
  const [row] = await db
    .select(withTeamColumns)
    .from(calendars)
    .innerJoin(users, eq(users.id, calendars.creatorId))
    .innerJoin(teams, eq(teams.id, calendars.teamId))
    .where(and(eq(calendars.id, calendarId), eq(calendars.teamId, teamId)));
  return row;
}

export async function updateCalendar(
  db: Database,
  calendarId: string,
  set: Partial<CalendarInsert>,
): Promise<CalendarRow | undefined> {
  const [row] = await db
    .update(calendars)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(calendars.id, calendarId))
    .returning();
  return row;
}

export async function deleteCalendar(db: Database, teamId: string, calendarId: string): Promise<boolean> {
  const gone = await db
    .delete(calendars)
    .where(and(eq(calendars.id, calendarId), eq(calendars.teamId, teamId)))
    .returning({ id: calendars.id });
  return gone.length > 0;
}

const everySql = (tierColumn: typeof teams.tier, freeMs: number, paidMs: number) =>
  sql`(case when ${tierColumn} = 'free' then ${freeMs}::int else ${paidMs}::int end) * interval '1 millisecond'`;

/**
 * Claims up to `limit` calendars whose sync is due: one statement moves each one's next sync a period
 * on (6 h free, 15 min paid), so of two instances looking at once only one gets each calendar. The
 * database's clock decides.
 */
export async function claimDueCalendars(
  db: Database,
  cadence: { freeMs: number; paidMs: number },
  limit: number,
): Promise<string[]> {
  const due = db
    .select({ id: calendars.id })
    .from(calendars)
    .where(lte(calendars.nextSyncAt, sql`clock_timestamp()`))
    .orderBy(asc(calendars.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(calendars)
    .set({
      nextSyncAt: sql`clock_timestamp() + ${everySql(teams.tier, cadence.freeMs, cadence.paidMs)}`,
    })
    .from(teams)
    .where(
      and(
        eq(teams.id, calendars.teamId),
        inArray(calendars.id, due),
        lte(calendars.nextSyncAt, sql`clock_timestamp()`),
      ),
    )
    .returning({ id: calendars.id });
  return claimed.map((row) => row.id);
}

/**
 * 'Sync now': claims the calendar when its last manual sync is at least `intervalMs` old, and moves its
 * periodic sync a period on. Answers whether it was claimed, and the last manual sync when it was not.
 */
export async function claimManualSync(
  db: Database,
  calendarId: string,
  intervalMs: number,
  cadence: { freeMs: number; paidMs: number },
): Promise<{ claimed: boolean; manualSyncAt: Date | null }> {
  const [row] = await db
    .update(calendars)
    .set({
      manualSyncAt: sql`clock_timestamp()`,
      nextSyncAt: sql`clock_timestamp() + ${everySql(teams.tier, cadence.freeMs, cadence.paidMs)}`,
    })
    .from(teams)
    .where(
      and(
        eq(calendars.id, calendarId),
        eq(teams.id, calendars.teamId),
        or(
          sql`${calendars.manualSyncAt} is null`,
          lte(calendars.manualSyncAt, sql`clock_timestamp() - ${intervalMs}::int * interval '1 millisecond'`),
        ),
      ),
    )
    .returning({ id: calendars.id });
  if (row) return { claimed: true, manualSyncAt: null };
  const [current] = await db
    .select({ manualSyncAt: calendars.manualSyncAt })
    .from(calendars)
    .where(eq(calendars.id, calendarId));
  return { claimed: false, manualSyncAt: current?.manualSyncAt ?? null };
}

export async function findCalendar(db: Database, calendarId: string): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(eq(calendars.id, calendarId));
  return row;
}

/** The calendar's row locked until the transaction ends: two syncs of one calendar queue here. */
export async function lockCalendar(db: Database, calendarId: string): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(eq(calendars.id, calendarId)).for('update');
  return row;
}

/** The calendar's reservations with whether work started on each one's checklist. */
export async function reservationsOf(db: Database, calendarId: string) {
  return db
    .select({
      reservation: calendarReservations,
      workStarted: sql<boolean>`coalesce(${checklists.submittedAt} is not null or exists (
        select 1 from ${tasks} where ${tasks.checklistId} = ${checklists.id} and ${tasks.completed}
      ), false)`,
    })
    .from(calendarReservations)
    .leftJoin(checklists, eq(checklists.id, calendarReservations.checklistId))
    .where(eq(calendarReservations.calendarId, calendarId));
}

export async function insertReservation(db: Database, row: typeof calendarReservations.$inferInsert) {
  await db.insert(calendarReservations).values(row);
}

export async function updateReservation(
  db: Database,
  calendarId: string,
  uid: string,
  set: Partial<typeof calendarReservations.$inferInsert>,
): Promise<void> {
  await db
    .update(calendarReservations)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(calendarReservations.calendarId, calendarId), eq(calendarReservations.uid, uid)));
}

/**
 * A turnover's name and due time follow its reservation; a changed due time clears the overdue and
 * reminder marks (they were about the old time). A change like any other: the next revision.
 */
export async function redateTurnover(
  db: Database,
  checklistId: string,
  set: { name: string; dueAt: Date; cancelled: boolean | null },
): Promise<void> {
  await db
    .update(checklists)
    .set({
      name: set.name,
      dueAt: set.dueAt,
      overdueAt: sql`case when ${checklists.dueAt} is distinct from ${set.dueAt} then null else ${checklists.overdueAt} end`,
      dueRemindedAt: sql`case when ${checklists.dueAt} is distinct from ${set.dueAt} then null else ${checklists.dueRemindedAt} end`,
      ...(set.cancelled === null ? {} : { cancelledAt: set.cancelled ? sql`now()` : null }),
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
    })
    .where(eq(checklists.id, checklistId));
}

export async function markTurnoverCancelled(db: Database, checklistId: string): Promise<void> {
  await db
    .update(checklists)
    .set({ cancelledAt: sql`now()`, updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .where(eq(checklists.id, checklistId));
}

export async function checklistDue(db: Database, checklistId: string) {
  const [row] = await db
    .select({ name: checklists.name, dueAt: checklists.dueAt, cancelledAt: checklists.cancelledAt })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row;
}

/** Records a run and drops the calendar's runs beyond the newest `keep`. */
export async function insertRun(
  db: Database,
  row: typeof calendarRuns.$inferInsert,
  keep: number,
): Promise<void> {
  await db.insert(calendarRuns).values(row);
  const kept = db
    .select({ id: calendarRuns.id })
    .from(calendarRuns)
    .where(eq(calendarRuns.calendarId, row.calendarId))
    .orderBy(desc(calendarRuns.at), desc(calendarRuns.id))
    .limit(keep);
  await db
    .delete(calendarRuns)
    .where(and(eq(calendarRuns.calendarId, row.calendarId), notInArray(calendarRuns.id, kept)));
}

export async function runsOf(db: Database, calendarId: string, limit: number): Promise<CalendarRunRow[]> {
  return db
    .select()
    .from(calendarRuns)
    .where(eq(calendarRuns.calendarId, calendarId))
    .orderBy(desc(calendarRuns.at), desc(calendarRuns.id))
    .limit(limit);
}
