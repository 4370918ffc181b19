import { builtInTemplate, isBuiltInTemplateId } from '#domain/built-in-templates';
import { AppError } from '#domain/errors';
import { nextOccurrenceAfter, parseCalendarDate, resolveRecurrence } from '#domain/recurrence';
import {
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  type ScheduleData,
  type SchedulePatchData,
  type ScheduleShareData,
} from '#domain/schedules';
import type { Schedule } from '#domain/schedules-response';
import { TEAM_MESSAGES } from '#domain/teams';
import { localDateOf } from '#domain/time-zones';
import type { Database } from '../db/client.ts';
import type { StoredScheduleShare } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentSchedule } from '../presenters/schedules.ts';
import {
  countTeamSchedules,
  deleteTeamSchedule,
  insertSchedule,
  listTeamSchedules,
  type NewScheduleRow,
  readTeamSchedule,
  recentOccurrences,
  updateTeamSchedule,
} from '../repositories/schedules.ts';
import { lockTeam, roleIn } from '../repositories/teams.ts';
import { readOwnTemplate } from '../repositories/templates.ts';
import { assertSmsDestination, type SmsPolicy } from './share-send-limits.ts';

/**
 * Recurring schedules (docs/automation.md "Recurring schedules"): the team's owner and admins make,
 * change, pause and delete them; every member reads them. Schedules are for paid teams: a free team
 * cannot make one (403 plan_limit_reached) and its schedules do not run, but it may still read, edit
 * and delete them (downgrades never delete). Running them: services/schedule-runner.ts.
 */

export interface ScheduleContext {
  db: Database;
  sms: SmsPolicy;
}

export function scheduleNotFound(): AppError {
  return new AppError('not_found', SCHEDULE_MESSAGES.notFound);
}

export function schedulesArePaid(): AppError {
  return new AppError('plan_limit_reached', SCHEDULE_MESSAGES.paidOnly, { limit: 0 });
}

function invalid(path: string, message: string): AppError {
  return new AppError('validation_failed', message, { issues: [{ path, message }] });
}

/** Owners and admins manage schedules; members read them (403 forbidden). */
export async function assertScheduleManager(db: Database, access: OwnerAccess): Promise<void> {
  const role = await roleIn(db, access.teamId, access.userId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('forbidden', SCHEDULE_MESSAGES.managersOnly);
}

/** The template's name and tasks: a built-in one, or one of `ownerUid`'s own; undefined when gone. */
export async function scheduleTemplate(db: Database, ownerUid: string | null, templateId: string) {
  if (isBuiltInTemplateId(templateId)) return builtInTemplate(templateId);
  return ownerUid ? readOwnTemplate(db, ownerUid, templateId) : undefined;
}

async function assertAssignee(db: Database, teamId: string, assigneeUid: string | null | undefined) {
  if (assigneeUid && !(await roleIn(db, teamId, assigneeUid))) {
    throw invalid('assigneeUid', TEAM_MESSAGES.assigneeNotMember);
  }
}

function storedShare(
  share: ScheduleShareData,
  sms: SmsPolicy,
  access: OwnerAccess,
  now: Date,
): StoredScheduleShare {
  const contact = (share.channel === 'email' ? share.email : share.phone) as string;
  // A number we would never text is refused now, not at every run.
  if (share.channel === 'sms') assertSmsDestination(contact, sms);
  return {
    channel: share.channel,
    contact,
    recipientName: share.recipientName,
    targetLanguage: share.targetLanguage,
    consentBy: access.userId,
    consentAt: now.toISOString(),
  };
}

/** The rule resolved from today on the schedule's clock, and its first run after now. */
function timing(recurrence: ScheduleData['recurrence'], now: Date) {
  const startsOn = localDateOf(now, recurrence.timezone);
  const rule = resolveRecurrence(recurrence, parseCalendarDate(startsOn));
  return {
    recurrence: rule,
    startsOn,
    nextRunAt: nextOccurrenceAfter(rule, parseCalendarDate(startsOn), now),
  };
}

export async function listSchedules(db: Database, access: OwnerAccess): Promise<Schedule[]> {
  const [rows, runs] = await Promise.all([
    listTeamSchedules(db, access.teamId),
    recentOccurrences(db, access.teamId, SCHEDULE_LIMITS.recentRuns),
  ]);
  return rows.map((row) => presentSchedule(row, runs));
}

export async function readSchedule(db: Database, access: OwnerAccess, scheduleId: string): Promise<Schedule> {
  const row = await readTeamSchedule(db, access.teamId, scheduleId);
  if (!row) throw scheduleNotFound();
  const runs = await recentOccurrences(db, access.teamId, SCHEDULE_LIMITS.recentRuns, scheduleId);
  return presentSchedule(row, runs);
}

export async function createSchedule(
  context: ScheduleContext,
  access: OwnerAccess,
  input: ScheduleData,
  now = new Date(),
): Promise<Schedule> {
  const id = newId('schedule');
  await context.db.transaction(async (tx) => {
    await assertScheduleManager(tx, access);
    // Creates in one team queue on its row, so each counts what the ones before it committed.
    const team = await lockTeam(tx, access.teamId);
    if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
    if (team.tier === 'free') throw schedulesArePaid();
    if ((await countTeamSchedules(tx, access.teamId)) >= SCHEDULE_LIMITS.perTeam) {
      throw new AppError('schedule_limit_reached', SCHEDULE_MESSAGES.limitReached, {
        limit: SCHEDULE_LIMITS.perTeam,
      });
    }
    const template = await scheduleTemplate(tx, access.userId, input.templateId);
    if (!template) throw invalid('templateId', SCHEDULE_MESSAGES.templateNotFound);
    await assertAssignee(tx, access.teamId, input.assigneeUid);
    const row: NewScheduleRow = {
      id,
      teamId: access.teamId,
      createdBy: access.userId,
      templateId: input.templateId,
      name: input.name ?? template.name.slice(0, SCHEDULE_LIMITS.nameMax).trim(),
      ...timing(input.recurrence, now),
      dueAfterMinutes: input.dueAfterMinutes ?? null,
      assigneeUid: input.assigneeUid ?? null,
      share: input.share ? storedShare(input.share, context.sms, access, now) : null,
      paused: false,
    };
    await insertSchedule(tx, row);
  });
  return readSchedule(context.db, access, id);
}

/**
 * PATCH: any field. A new recurrence starts counting today and its first run is the next one after
 * now; resuming does the same with the rule kept (runs that fell while paused are not made).
 */
export async function updateSchedule(
  context: ScheduleContext,
  access: OwnerAccess,
  scheduleId: string,
  patch: SchedulePatchData,
  now = new Date(),
): Promise<Schedule> {
  await context.db.transaction(async (tx) => {
    await assertScheduleManager(tx, access);
    const current = await readTeamSchedule(tx, access.teamId, scheduleId);
    if (!current) throw scheduleNotFound();
    const set: Partial<NewScheduleRow> = {};
    if (patch.templateId !== undefined) {
      // The template is read as the creator's (their own templates), as the runs will read it.
      const owner = current.schedule.createdBy ?? access.userId;
      if (!(await scheduleTemplate(tx, owner, patch.templateId))) {
        throw invalid('templateId', SCHEDULE_MESSAGES.templateNotFound);
      }
      set.templateId = patch.templateId;
    }
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.dueAfterMinutes !== undefined) set.dueAfterMinutes = patch.dueAfterMinutes;
    if (patch.assigneeUid !== undefined) {
      await assertAssignee(tx, access.teamId, patch.assigneeUid);
      set.assigneeUid = patch.assigneeUid;
    }
    if (patch.share !== undefined) {
      set.share = patch.share ? storedShare(patch.share, context.sms, access, now) : null;
    }
    if (patch.paused !== undefined) set.paused = patch.paused;
    if (patch.recurrence) {
      Object.assign(set, timing(patch.recurrence, now));
    } else if (patch.paused === false && current.schedule.paused) {
      const { recurrence, startsOn } = current.schedule;
      set.nextRunAt = nextOccurrenceAfter(recurrence, parseCalendarDate(startsOn), now);
    }
    if (!(await updateTeamSchedule(tx, access.teamId, scheduleId, set))) throw scheduleNotFound();
  });
  return readSchedule(context.db, access, scheduleId);
}

/** Deletes a schedule and its runs' records; the checklists it made stay. */
export async function deleteSchedule(db: Database, access: OwnerAccess, scheduleId: string): Promise<void> {
  await assertScheduleManager(db, access);
  if (!(await deleteTeamSchedule(db, access.teamId, scheduleId))) throw scheduleNotFound();
}
