import { SCHEDULE_LIMITS, SCHEDULE_SKIP_REASONS } from '#domain/schedules';
import type { Database } from '../db/client.ts';
import {
  advanceNextRuns,
  type DueSchedule,
  insertOccurrences,
  lockDueSchedules,
  type OccurrenceRow,
} from '../repositories/schedules.ts';
import {
  dueRun,
  FAILED_REASON,
  type Made,
  makeChecklist,
  makeRunIn,
  occurrenceRow,
  type RunnerContext,
  recordSkipIn,
  shareMade,
  tellManagers,
} from './schedule-runner.ts';

/**
 * The due-schedules pass (docs/automation.md "Recurring schedules", decision 0064). Every instance
 * looks every few seconds (services/jobs.ts); `workers` loops each lock a batch of due schedules with
 * their teams' rows, SKIP LOCKED, so workers and instances share a busy minute instead of queueing on
 * the same schedules; a batch is one transaction (its runs' checklists, their rows, the schedules
 * moved on, one commit). A batch that breaks is rolled back whole and its schedules are run again
 * one transaction each, where a run that still breaks is recorded as failed and its schedule moves
 * on. The unique key of a run (schedule, instant) still decides: a key found taken rolls a batch back.
 */

/** Runs one pass makes at most (the next look goes on). */
const PASS_RUNS = 20_000;
/**
 * Runs a transaction makes: at 2-5 ms a statement on a busy machine, one transaction a run (ten
 * statements and a commit that waits for every other notifying commit) made 30 a second per worker;
 * a batch shares the lock, the runs' rows, the moves and the commit.
 */
export const RUNNER_BATCH = 25;
/** Batches at once per instance (each holds one of the pool's 10 connections). */
export const RUNNER_WORKERS = 4;

class KeyTaken extends Error {
  override name = 'KeyTaken';
}

/** The periodic job: every due run at `now`, shared with the other instances; answers the runs claimed. */
export async function runDueSchedules(
  context: RunnerContext,
  now: Date,
  options: { workers?: number; batch?: number } = {},
): Promise<number> {
  const { workers = RUNNER_WORKERS, batch = RUNNER_BATCH } = options;
  let claimed = 0;
  let budget = PASS_RUNS;
  const worker = async () => {
    while (budget > 0) {
      const taken = Math.min(batch, budget);
      budget -= taken;
      const ran = await runDueBatch(context, now, taken);
      if (ran === null) return;
      claimed += ran;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
  return claimed;
}

/** Up to `limit` due runs in one transaction, then their shares; null when none was due. */
async function runDueBatch(context: RunnerContext, now: Date, limit: number): Promise<number | null> {
  const locked: { found: DueSchedule[] } = { found: [] };
  let made: Made[] | null;
  try {
    made = await context.db.transaction(async (tx) => {
      locked.found = await lockDueSchedules(tx, now, limit);
      if (locked.found.length === 0) return null;
      return makeBatch(tx, locked.found, now);
    });
  } catch (error) {
    if (locked.found.length === 0) throw error;
    let claimed = 0;
    for (const { schedule } of locked.found) {
      if (await runOneDue(context, schedule.id, now)) claimed++;
    }
    return claimed;
  }
  if (!made) return null;
  for (const each of made) await shareMade(context, each);
  return locked.found.length;
}

/** The batch's checklists, then every run's row in one insert and every schedule moved on in one update. */
async function makeBatch(tx: Database, found: DueSchedule[], now: Date): Promise<Made[]> {
  const rows: Omit<OccurrenceRow, 'createdAt'>[] = [];
  const pending: Omit<Made, 'row'>[] = [];
  for (const { schedule, tier, creatorRole, assigneeRole } of found) {
    const run = dueRun(schedule);
    const row = occurrenceRow(schedule, run);
    if (now.getTime() - run.scheduledFor.getTime() > SCHEDULE_LIMITS.catchUpMs) {
      rows.push({ ...row, status: 'skipped', reason: SCHEDULE_SKIP_REASONS.missed });
      continue;
    }
    const outcome = await makeChecklist(tx, schedule, run, now, { creatorRole, assigneeRole, tier });
    rows.push({ ...row, status: outcome.status, checklistId: outcome.checklistId, reason: outcome.reason });
    if (outcome.status === 'skipped' && outcome.reason) await tellManagers(tx, schedule, outcome.reason);
    pending.push({ schedule, outcome });
  }
  const written = await insertOccurrences(tx, rows);
  // We hold every schedule's row, so no other runner can have its key: if one was taken anyway
  // (a run recorded before this pass), the batch is done again one run at a time, which skips it.
  if (written.length !== rows.length) throw new KeyTaken('a run of the batch was already recorded');
  await advanceNextRuns(
    tx,
    found.flatMap(({ schedule }) => {
      const to = dueRun(schedule).advanceTo;
      return to ? [{ scheduleId: schedule.id, from: schedule.nextRunAt, to }] : [];
    }),
  );
  const byId = new Map(written.map((row) => [row.scheduleId, row]));
  return pending.flatMap((each) => {
    const row = byId.get(each.schedule.id);
    return row ? [{ ...each, row }] : [];
  });
}

/**
 * One due schedule in a transaction of its own (after a batch broke): claimed by its key first; a run
 * that breaks is rolled back, recorded as failed, and the schedule moves on. False: not due, held
 * elsewhere, or its run already recorded.
 */
async function runOneDue(context: RunnerContext, scheduleId: string, now: Date): Promise<boolean> {
  const held: { found: DueSchedule | null } = { found: null };
  try {
    const made = await context.db.transaction(async (tx) => {
      const [found] = await lockDueSchedules(tx, now, 1, scheduleId);
      if (!found) return null;
      held.found = found;
      const run = dueRun(found.schedule);
      if (now.getTime() - run.scheduledFor.getTime() > SCHEDULE_LIMITS.catchUpMs) {
        return recordSkipIn(tx, found.schedule, run, 'skipped', SCHEDULE_SKIP_REASONS.missed);
      }
      return (await makeRunIn(tx, found.schedule, run, now)) ?? false;
    });
    if (typeof made === 'object' && made) await shareMade(context, made);
    return Boolean(made);
  } catch (error) {
    const found = held.found;
    if (!found) throw error;
    const run = dueRun(found.schedule);
    return context.db.transaction((tx) => recordSkipIn(tx, found.schedule, run, 'failed', FAILED_REASON));
  }
}
