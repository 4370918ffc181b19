import { AppError } from '#domain/errors';
import type { Tier } from '#domain/plans';
import { nextOccurrenceAfter, parseCalendarDate } from '#domain/recurrence';
import { occurrenceChecklistName, SCHEDULE_SKIP_REASONS } from '#domain/schedules';
import type { ScheduleOccurrence } from '#domain/schedules-response';
import type { TeamRole } from '#domain/teams';
import { localDateOf } from '#domain/time-zones';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentOccurrence } from '../presenters/schedules.ts';
import {
  advanceNextRun,
  claimOccurrence,
  type OccurrenceRow,
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
 * Running schedules (docs/automation.md "Recurring schedules", decisions 0047 and 0064). Every
 * instance looks every few seconds (services/jobs.ts 'due-schedules', schedule-batches.ts); a run is
 * claimed by inserting its row, keyed by (schedule, scheduled instant), in the transaction that makes
 * its checklist and moves the schedule's next run on: however many instances reach it, one insert
 * wins and one checklist is made. A run less than 24 h late (every instance was down) is made when one starts; an older one is
 * recorded as skipped ('missed'). Over the plan's checklist limit a run is skipped and the schedule's
 * creator and the team's owner are told why. The automatic share is sent after the commit, as
 * POST /api/verification/send would send it; a refused send leaves the checklist made and says why.
 */

export interface RunnerContext {
  db: Database;
  sharing: SharingContext;
}

export interface Run {
  key: string;
  scheduledFor: Date;
  manual: boolean;
  /** The next run the schedule moves to once this one is claimed; none for 'Run now'. */
  advanceTo: Date | null;
}

/** The schedule's due run, as the runner claims it. */
export function dueRun(schedule: ScheduleRow): Run {
  const due = schedule.nextRunAt;
  return {
    key: due.toISOString(),
    scheduledFor: due,
    manual: false,
    advanceTo: nextOccurrenceAfter(schedule.recurrence, parseCalendarDate(schedule.startsOn), due),
  };
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

export function occurrenceRow(schedule: ScheduleRow, run: Run): Omit<OccurrenceRow, 'createdAt'> {
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

export const FAILED_REASON =
  'Something went wrong while making this checklist; the next run is not affected.';

/** Records a run that makes nothing (missed, failed) and moves the schedule on. */
export async function recordSkipIn(
  tx: Database,
  schedule: ScheduleRow,
  run: Run,
  status: 'skipped' | 'failed',
  reason: string,
): Promise<boolean> {
  const claimed = await claimOccurrence(tx, { ...occurrenceRow(schedule, run), status, reason });
  if (run.advanceTo) await advanceNextRun(tx, schedule.id, run.scheduledFor, run.advanceTo);
  return Boolean(claimed);
}

export interface Outcome {
  status: 'made' | 'skipped';
  checklistId: string | null;
  checklistName: string | null;
  reason: string | null;
  /** Who the checklist was made as (the share is sent as them). */
  maker: OwnerAccess | null;
}

/** The member a run's checklist is made as: the schedule's creator while in the team, else its owner. */
async function makerOf(tx: Database, schedule: ScheduleRow, known?: KnownRoles): Promise<OwnerAccess | null> {
  const creatorRole = known
    ? known.creatorRole
    : schedule.createdBy && (await roleIn(tx, schedule.teamId, schedule.createdBy));
  if (schedule.createdBy && creatorRole) {
    return { kind: 'owner', userId: schedule.createdBy, teamId: schedule.teamId };
  }
  const owner = await ownerOfTeam(tx, schedule.teamId);
  return owner ? { kind: 'owner', userId: owner.uid, teamId: schedule.teamId } : null;
}

/** Team roles already read (the batch's lock reads them); otherwise they are asked. */
export interface KnownRoles {
  creatorRole: TeamRole | null;
  assigneeRole: TeamRole | null;
  /** The team's plan, its row locked by the batch's statement. */
  tier: Tier;
}

export async function makeChecklist(
  tx: Database,
  schedule: ScheduleRow,
  run: Run,
  now: Date,
  known?: KnownRoles,
): Promise<Outcome> {
  const skipped = (reason: string): Outcome => ({
    status: 'skipped',
    checklistId: null,
    checklistName: null,
    reason,
    maker: null,
  });
  const template = await scheduleTemplate(tx, schedule.createdBy, schedule.templateId);
  if (!template) return skipped(SCHEDULE_SKIP_REASONS.templateDeleted);
  const maker = await makerOf(tx, schedule, known);
  if (!maker) return skipped('The team has no owner.');
  let assigneeUid = schedule.assigneeUid;
  let reason: string | null = null;
  const assigneeRole = known
    ? known.assigneeRole
    : assigneeUid && (await roleIn(tx, schedule.teamId, assigneeUid));
  if (assigneeUid && !assigneeRole) {
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
      known && { tier: known.tier },
    );
    return { status: 'made', checklistId: checklist.id, checklistName: checklist.name, reason, maker };
  } catch (error) {
    // The limit is checked before anything is written: the transaction goes on and records the skip.
    if (run.manual || !(error instanceof AppError) || error.code !== 'plan_limit_reached') throw error;
    return skipped(`${error.message} The checklist “${name}” was not made.`);
  }
}

export interface Made {
  schedule: ScheduleRow;
  row: OccurrenceRow;
  outcome: Outcome;
}

/**
 * In the caller's transaction: claims the run, moves the schedule on, makes its checklist (or records
 * why not). Undefined: the run was claimed before (the schedule still moves on past it).
 */
export async function makeRunIn(
  tx: Database,
  schedule: ScheduleRow,
  run: Run,
  now: Date,
): Promise<Made | undefined> {
  const claimed = await claimOccurrence(tx, occurrenceRow(schedule, run));
  if (run.advanceTo) await advanceNextRun(tx, schedule.id, run.scheduledFor, run.advanceTo);
  if (!claimed) return undefined;
  const outcome = await makeChecklist(tx, schedule, run, now);
  const row = await updateOccurrence(tx, claimed.id, {
    status: outcome.status,
    checklistId: outcome.checklistId,
    reason: outcome.reason,
  });
  if (outcome.status === 'skipped' && outcome.reason) await tellManagers(tx, schedule, outcome.reason);
  return row && { schedule, row, outcome };
}

/** After the commit: the automatic share of a made checklist. Answers the run as it ends. */
export async function shareMade(
  context: RunnerContext,
  { schedule, row, outcome }: Made,
): Promise<OccurrenceRow> {
  if (outcome.status !== 'made' || !schedule.share || !outcome.maker || !outcome.checklistId) return row;
  return sendAutomaticShare(context, schedule, row, {
    ...outcome,
    maker: outcome.maker,
    checklistId: outcome.checklistId,
  });
}

/** 'Run now': claims and makes in a transaction of its own, then shares. Undefined: not claimed. */
async function makeRun(
  context: RunnerContext,
  schedule: ScheduleRow,
  run: Run,
  now: Date,
): Promise<OccurrenceRow | undefined> {
  const made = await context.db.transaction((tx) => makeRunIn(tx, schedule, run, now));
  return made && shareMade(context, made);
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
export function tellManagers(
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
