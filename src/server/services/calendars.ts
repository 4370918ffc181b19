import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type CalendarData,
  type CalendarPatchData,
  type CalendarShareData,
  syncEveryMs,
} from '#domain/calendars';
import type { Calendar, CalendarDetail } from '#domain/calendars-response';
import { AppError } from '#domain/errors';
import { PLAN_LIMITS, type Tier } from '#domain/plans';
import { SHARE_MESSAGES } from '#domain/sharing';
import type { CalendarShareSetting } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { type CalendarWithTeam, presentCalendar, presentRun, RUNS_SHOWN } from '../presenters/calendars.ts';
import {
  claimManualSync,
  countTeamCalendars,
  deleteCalendar as deleteCalendarRow,
  findTeamCalendar,
  insertCalendar,
  listTeamCalendars,
  runsOf,
  updateCalendar as updateCalendarRow,
} from '../repositories/calendars.ts';
import { lockTeam, roleIn } from '../repositories/teams.ts';
import { type CalendarSyncContext, syncCalendar } from './calendar-sync.ts';
import { assertSmsDestination, rateLimited } from './share-send-limits.ts';
import { templateWork } from './templates.ts';

/**
 * Booking calendars (docs/automation.md "Booking calendars"): every member of a team may list them,
 * add one and sync one now; the member who added one, the team's owner and its admins may change or
 * delete it and see its whole address (the rest see its host: the path is the listing's secret).
 * Deleting a calendar keeps the turnovers it made.
 */

export function calendarNotFound(): AppError {
  return new AppError('not_found', CALENDAR_MESSAGES.notFound);
}

const CADENCE = { freeMs: CALENDAR_LIMITS.freeEveryMs, paidMs: CALENDAR_LIMITS.paidEveryMs };

async function mayManage(
  context: CalendarSyncContext,
  access: OwnerAccess,
  creatorId: string,
): Promise<boolean> {
  if (creatorId === access.userId) return true;
  const role = await roleIn(context.db, access.teamId, access.userId);
  return role === 'owner' || role === 'admin';
}

async function found(context: CalendarSyncContext, access: OwnerAccess, calendarId: string) {
  const row = await findTeamCalendar(context.db, access.teamId, calendarId);
  if (!row) throw calendarNotFound();
  return row;
}

async function detailOf(
  context: CalendarSyncContext,
  access: OwnerAccess,
  row: CalendarWithTeam,
): Promise<CalendarDetail> {
  const canManage = await mayManage(context, access, row.calendar.creatorId);
  const runs = await runsOf(context.db, row.calendar.id, RUNS_SHOWN);
  return { ...presentCalendar(row, canManage), runs: runs.map(presentRun) };
}

export async function listCalendars(context: CalendarSyncContext, access: OwnerAccess): Promise<Calendar[]> {
  const rows = await listTeamCalendars(context.db, access.teamId);
  const role = await roleIn(context.db, access.teamId, access.userId);
  const manager = role === 'owner' || role === 'admin';
  return rows.map((row) => presentCalendar(row, manager || row.calendar.creatorId === access.userId));
}

export async function readCalendar(
  context: CalendarSyncContext,
  access: OwnerAccess,
  calendarId: string,
): Promise<CalendarDetail> {
  return detailOf(context, access, await found(context, access, calendarId));
}

/** 400 for an address the fetch would refuse outright (http in production, a private IP). */
function assertFetchable(context: CalendarSyncContext, url: string): void {
  const refusal = context.feeds.refusal(url);
  if (refusal) {
    throw new AppError('validation_failed', refusal, { issues: [{ path: 'icsUrl', message: refusal }] });
  }
}

/** The share as kept: checked against the plan's languages and where SMS may go, consent stamped. */
function shareSetting(
  context: CalendarSyncContext,
  tier: Tier,
  share: CalendarShareData,
  now: Date,
): CalendarShareSetting {
  const allowed = PLAN_LIMITS[tier].allowedLanguages;
  if (!allowed.includes(share.targetLanguage)) {
    throw new AppError('plan_limit_reached', SHARE_MESSAGES.languageNotInPlan, { allowedLanguages: allowed });
  }
  if (share.phone) assertSmsDestination(share.phone, context.sharing.sms);
  return {
    recipientName: share.recipientName ?? null,
    email: share.email ?? null,
    phone: share.phone ?? null,
    targetLanguage: share.targetLanguage,
    consentAt: now.toISOString(),
  };
}

export async function createCalendar(
  context: CalendarSyncContext,
  access: OwnerAccess,
  input: CalendarData,
  now = new Date(),
): Promise<CalendarDetail> {
  assertFetchable(context, input.icsUrl);
  const id = await context.db.transaction(async (tx) => {
    // Calendars of one team are added one at a time here, so the count below holds.
    const team = await lockTeam(tx, access.teamId);
    if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
    if ((await countTeamCalendars(tx, access.teamId)) >= CALENDAR_LIMITS.perTeam) {
      throw new AppError('calendar_limit_reached', CALENDAR_MESSAGES.limitReached, {
        limit: CALENDAR_LIMITS.perTeam,
      });
    }
    await templateWork(tx, access, input.templateId);
    const calendar = await insertCalendar(tx, {
      id: newId('calendar'),
      teamId: access.teamId,
      creatorId: access.userId,
      name: input.name,
      url: input.icsUrl,
      templateId: input.templateId,
      timezone: input.timezone,
      checkoutTime: input.checkoutTime,
      checkinTime: input.checkinTime,
      share: input.share ? shareSetting(context, team.tier, input.share, now) : null,
      // The first sync is this request's (below); the periodic one follows a period later.
      nextSyncAt: new Date(now.getTime() + syncEveryMs(team.tier !== 'free')),
    });
    return calendar.id;
  });
  // At once, so the host sees the turnovers, or why the address failed, as the calendar is added.
  await syncCalendar(context, id);
  return readCalendar(context, access, id);
}

export async function updateCalendar(
  context: CalendarSyncContext,
  access: OwnerAccess,
  calendarId: string,
  patch: CalendarPatchData,
  now = new Date(),
): Promise<CalendarDetail> {
  const row = await found(context, access, calendarId);
  if (!(await mayManage(context, access, row.calendar.creatorId))) {
    throw new AppError('forbidden', CALENDAR_MESSAGES.notAllowed);
  }
  if (patch.icsUrl !== undefined) assertFetchable(context, patch.icsUrl);
  if (patch.templateId !== undefined) await templateWork(context.db, access, patch.templateId);
  const share =
    patch.share === undefined
      ? {}
      : { share: patch.share === null ? null : shareSetting(context, row.tier as Tier, patch.share, now) };
  // What changes the turnovers (where the feed is, its zone, its times) is read again at the next look.
  const resync =
    patch.icsUrl !== undefined ||
    patch.timezone !== undefined ||
    patch.checkoutTime !== undefined ||
    patch.checkinTime !== undefined ||
    patch.name !== undefined;
  await updateCalendarRow(context.db, calendarId, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.icsUrl !== undefined ? { url: patch.icsUrl } : {}),
    ...(patch.templateId !== undefined ? { templateId: patch.templateId } : {}),
    ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
    ...(patch.checkoutTime !== undefined ? { checkoutTime: patch.checkoutTime } : {}),
    ...(patch.checkinTime !== undefined ? { checkinTime: patch.checkinTime } : {}),
    ...share,
    ...(resync ? { nextSyncAt: now } : {}),
  });
  return readCalendar(context, access, calendarId);
}

export async function deleteCalendar(
  context: CalendarSyncContext,
  access: OwnerAccess,
  calendarId: string,
): Promise<void> {
  const row = await found(context, access, calendarId);
  if (!(await mayManage(context, access, row.calendar.creatorId))) {
    throw new AppError('forbidden', CALENDAR_MESSAGES.notAllowed);
  }
  if (!(await deleteCalendarRow(context.db, access.teamId, calendarId))) throw calendarNotFound();
}

/** 'Sync now': any member, at most once a minute a calendar (429 with Retry-After), then the sync. */
export async function syncCalendarNow(
  context: CalendarSyncContext,
  access: OwnerAccess,
  calendarId: string,
  now = new Date(),
): Promise<CalendarDetail> {
  await found(context, access, calendarId);
  const claim = await claimManualSync(context.db, calendarId, CALENDAR_LIMITS.manualSyncIntervalMs, CADENCE);
  if (!claim.claimed) {
    const since = claim.manualSyncAt ? now.getTime() - claim.manualSyncAt.getTime() : 0;
    throw rateLimited(CALENDAR_MESSAGES.syncTooSoon, (CALENDAR_LIMITS.manualSyncIntervalMs - since) / 1000);
  }
  await syncCalendar(context, calendarId);
  return readCalendar(context, access, calendarId);
}
