import { AppError } from '#domain/errors';
import { nextOccurrenceAfter, parseCalendarDate } from '#domain/recurrence';
import { occurrenceChecklistName, SCHEDULE_LIMITS, SCHEDULE_SKIP_REASONS } from '#domain/schedules';
import type { ScheduleOccurrence } from '#domain/schedules-response';
import { localDateOf } from '#domain/time-zones';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentOccurrence } from '../presenters/schedules.ts';
import {
  advanceNextRun,
  claimOccurrence,
  dueScheduleIds,
  type OccurrenceRow,
  readScheduleForRun,
  readTeamSchedule,
  type ScheduleRow,
  updateOccurrence,
} from '../repositories/schedules.ts';
import { ownerOfTeam, roleIn } from '../repositories/teams.ts';
import { tellCreatorAndOwner } from './automation-notices.ts';
import { insertWithinPlanLimit } from './checklists.ts';
import { assertScheduleManager, scheduleNotFound, schedulesArePaid, scheduleTemplate } from './schedules.ts';
import { type SharingContext, sendShareCode } from './share-delivery.ts';

/**
 * Running schedules (docs/automation.md "Recurring schedules", decision 0047). Every instance's job
 * scheduler looks each minute (services/jobs.ts 'due-schedules'); a run is claimed by inserting its
 * row, keyed by (schedule, scheduled instant), in the transaction that makes its checklist and moves
 * the schedule's next run on: however many instances reach it, one insert wins and one checklist is
 * made. A run less than 24 h late (every instance was down) is made when one starts; an older one is
 * recorded as skipped ('missed'). Over the plan's checklist limit a run is skipped and the schedule's
 * creator and the team's owner are told why. The automatic share is sent after the commit, as
 * POST /api/verification/send would send it; a refused send leaves the checklist made and says why.
 */

export interface RunnerContext {
  db: Database;
  sharing: SharingContext;
}

/** Schedules one pass takes on, and runs of one schedule (a long outage's missed runs). */
const PASS_SCHEDULES = 100;
const PASS_RUNS_PER_SCHEDULE = 50;

interface Run {
  key: string;
  scheduledFor: Date;
  manual: boolean;
  /** The next run the schedule moves to once this one is claimed; none for 'Run now'. */
  advanceTo: Date | null;
}

/** The periodic job: makes every due run of every due schedule; answers how many runs it claimed. */
export async function runDueSchedules(context: RunnerContext, now: Date): Promise<number> {
  let claimed = 0;
  for (const scheduleId of await dueScheduleIds(context.db, now, PASS_SCHEDULES)) {
    claimed += await runDueOf(context, scheduleId, now);
  }
  return claimed;
}

async function runDueOf(context: RunnerContext, scheduleId: string, now: Date): Promise<number> {
  let claimed = 0;
  for (let pass = 0; pass < PASS_RUNS_PER_SCHEDULE; pass++) {
    // Read again each time: another instance may have run it, or someone paused or changed it.
    const found = await readScheduleForRun(context.db, scheduleId);
    if (!found || found.schedule.paused || found.tier === 'free') break;
    const { schedule } = found;
    const due = schedule.nextRunAt;
    if (due.getTime() > now.getTime()) break;
    const run: Run = {
      key: due.toISOString(),
      scheduledFor: due,
      manual: false,
      advanceTo: nextOccurrenceAfter(schedule.recurrence, parseCalendarDate(schedule.startsOn), due),
    };
    const missed = now.getTime() - due.getTime() > SCHEDULE_LIMITS.catchUpMs;
    try {
      const done = missed
        ? await recordSkip(context.db, schedule, run, 'skipped', SCHEDULE_SKIP_REASONS.missed)
        : await makeRun(context, schedule, run, now);
      if (done) claimed++;
    } catch {
      // Whatever broke (the claim rolled back with it) is recorded, and the schedule moves on: a run
      // that cannot be made must not be tried every minute for ever.
      if (await recordSkip(context.db, schedule, run, 'failed', FAILED_REASON)) claimed++;
    }
  }
  return claimed;
}

/** 'Run now': one extra run, made at once (403 over the plan's limit: the person asking is told). */
export async function runScheduleNow(
  context: RunnerContext,
  access: OwnerAccess,
  scheduleId: string,
  now = new Date(),
): Promise<ScheduleOccurrence> {
  await assertScheduleManager(context.db, access);
  const found = await readTeamSchedule(context.db, access.teamId, scheduleId);
  if (!found) throw scheduleNotFound();
  if (found.tier === 'free') throw schedulesArePaid();
  const run: Run = { key: `run:${newId('now')}`, scheduledFor: now, manual: true, advanceTo: null };
  const made = await makeRun(context, found.schedule, run, now);
  if (!made) throw new Error('a run now key is never claimed twice');
  return presentOccurrence(made);
}

function occurrenceRow(schedule: ScheduleRow, run: Run): Omit<OccurrenceRow, 'createdAt'> {
  return {
    id: newId('occurrence'),
    scheduleId: schedule.id,
    occurrenceKey: run.key,
    scheduledFor: run.scheduledFor,
    manual: run.manual,
    localDate: localDateOf(run.scheduledFor, schedule.recurrence.timezone),
    checklistId: null,
    status: 'skipped',
    reason: null,
    shareStatus: null,
  };
}

const FAILED_REASON = 'Something went wrong while making this checklist; the next run is not affected.';

/** Records a run that makes nothing (missed, failed) and moves the schedule on. */
async function recordSkip(
  db: Database,
  schedule: ScheduleRow,
  run: Run,
  status: 'skipped' | 'failed',
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await claimOccurrence(tx, { ...occurrenceRow(schedule, run), status, reason });
    if (run.advanceTo) await advanceNextRun(tx, schedule.id, run.scheduledFor, run.advanceTo);
    return Boolean(claimed);
  });
}

interface Outcome {
  status: 'made' | 'skipped';
  checklistId: string | null;
  checklistName: string | null;
  reason: string | null;
  /** Who the checklist was made as (the share is sent as them). */
  maker: OwnerAccess | null;
}

/** The member a run's checklist is made as: the schedule's creator while in the team, else its owner. */
async function makerOf(tx: Database, schedule: ScheduleRow): Promise<OwnerAccess | null> {
  if (schedule.createdBy && (await roleIn(tx, schedule.teamId, schedule.createdBy))) {
    return { kind: 'owner', userId: schedule.createdBy, teamId: schedule.teamId };
  }
  const owner = await ownerOfTeam(tx, schedule.teamId);
  return owner ? { kind: 'owner', userId: owner.uid, teamId: schedule.teamId } : null;
}

async function makeChecklist(tx: Database, schedule: ScheduleRow, run: Run, now: Date): Promise<Outcome> {
  const skipped = (reason: string): Outcome => ({
    status: 'skipped',
    checklistId: null,
    checklistName: null,
    reason,
    maker: null,
  });
  const template = await scheduleTemplate(tx, schedule.createdBy, schedule.templateId);
  if (!template) return skipped(SCHEDULE_SKIP_REASONS.templateDeleted);
  const maker = await makerOf(tx, schedule);
  if (!maker) return skipped('The team has no owner.');
  let assigneeUid = schedule.assigneeUid;
  let reason: string | null = null;
  if (assigneeUid && !(await roleIn(tx, schedule.teamId, assigneeUid))) {
    assigneeUid = null;
    reason = SCHEDULE_SKIP_REASONS.assigneeLeft;
  }
  const base = run.manual ? now : run.scheduledFor;
  const dueAt = schedule.dueAfterMinutes
    ? new Date(base.getTime() + schedule.dueAfterMinutes * 60_000)
    : null;
  const name = occurrenceChecklistName(
    schedule.name,
    localDateOf(run.scheduledFor, schedule.recurrence.timezone),
  );
  try {
    const checklist = await insertWithinPlanLimit(
      tx,
      maker,
      { name, remarks: '', dueAt, assigneeUid },
      template.tasks,
    );
    return { status: 'made', checklistId: checklist.id, checklistName: checklist.name, reason, maker };
  } catch (error) {
    // The limit is checked before anything is written: the transaction goes on and records the skip.
    if (run.manual || !(error instanceof AppError) || error.code !== 'plan_limit_reached') throw error;
    return skipped(`${error.message} The checklist “${name}” was not made.`);
  }
}

/** Claims the run, makes its checklist (or records why not), then sends its share. Undefined: not claimed. */
async function makeRun(
  context: RunnerContext,
  schedule: ScheduleRow,
  run: Run,
  now: Date,
): Promise<OccurrenceRow | undefined> {
  const made = await context.db.transaction(async (tx) => {
    const claimed = await claimOccurrence(tx, occurrenceRow(schedule, run));
    if (!claimed) return undefined;
    if (run.advanceTo) await advanceNextRun(tx, schedule.id, run.scheduledFor, run.advanceTo);
    const outcome = await makeChecklist(tx, schedule, run, now);
    const row = await updateOccurrence(tx, claimed.id, {
      status: outcome.status,
      checklistId: outcome.checklistId,
      reason: outcome.reason,
    });
    if (outcome.status === 'skipped' && outcome.reason) await tellManagers(tx, schedule, outcome.reason);
    return row && { row, outcome };
  });
  if (!made) return undefined;
  const { row, outcome } = made;
  if (outcome.status !== 'made' || !schedule.share || !outcome.maker || !outcome.checklistId) return row;
  return sendAutomaticShare(context, schedule, row, {
    ...outcome,
    maker: outcome.maker,
    checklistId: outcome.checklistId,
  });
}

async function sendAutomaticShare(
  context: RunnerContext,
  schedule: ScheduleRow,
  row: OccurrenceRow,
  outcome: Outcome & { maker: OwnerAccess; checklistId: string },
): Promise<OccurrenceRow> {
  const share = schedule.share;
  if (!share) return row;
  try {
    await sendShareCode(
      context.sharing,
      outcome.maker,
      {
        checklistId: outcome.checklistId,
        recipientName: share.recipientName,
        email: share.channel === 'email' ? share.contact : null,
        phone: share.channel === 'sms' ? share.contact : null,
        targetLanguage: share.targetLanguage,
        newLink: false,
        consent: true,
      },
      { ip: null, network: null },
    );
    return (await updateOccurrence(context.db, row.id, { shareStatus: 'sent' })) ?? row;
  } catch (error) {
    const why = error instanceof AppError ? error.message : 'The message could not be sent.';
    const reason = `“${outcome.checklistName}” was made, but it was not sent to ${share.recipientName}: ${why}`;
    const failed = await context.db.transaction(async (tx) => {
      const updated = await updateOccurrence(tx, row.id, {
        shareStatus: 'failed',
        reason: [row.reason, reason].filter(Boolean).join(' '),
      });
      // About the checklist that was made (the notice leads to it, where it can be shared by hand).
      await tellManagers(tx, schedule, `It was not sent to ${share.recipientName}: ${why}`, {
        checklistId: outcome.checklistId,
        checklistName: outcome.checklistName ?? schedule.name,
      });
      return updated;
    });
    return failed ?? row;
  }
}

/**
 * A notice to the schedule's creator and the team's owner, shown live: 'schedule_skipped' about the
 * schedule, or 'share_not_sent' about the checklist a run made when its automatic share was refused.
 */
function tellManagers(
  tx: Database,
  schedule: ScheduleRow,
  reason: string,
  made?: { checklistId: string; checklistName: string },
): Promise<void> {
  return tellCreatorAndOwner(
    tx,
    { teamId: schedule.teamId, creatorId: schedule.createdBy },
    {
      kind: made ? 'share_not_sent' : 'schedule_skipped',
      checklistId: made?.checklistId ?? null,
      checklistName: made?.checklistName ?? schedule.name,
      reason,
    },
  );
}
