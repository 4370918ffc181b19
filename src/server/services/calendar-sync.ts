import type { FastifyBaseLogger } from 'fastify';
import { CALENDAR_LIMITS, planTurnovers, type TurnoverPlan, turnoverName } from '#domain/calendars';
import { AppError } from '#domain/errors';
import { type IcalFeed, NotIcalError, parseIcal } from '#domain/ical';
import type { LanguageCode } from '#domain/languages';
import { localDateOf } from '#domain/time-zones';
import { CalendarFeedError, type CalendarFeedReader } from '../adapters/outbound/calendar-feed.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import {
  type CalendarRow,
  checklistDue,
  claimDueCalendars,
  findCalendar,
  insertReservation,
  insertRun,
  lockCalendar,
  markTurnoverCancelled,
  type ReservationRow,
  redateTurnover,
  reservationsOf,
  updateCalendar,
  updateReservation,
} from '../repositories/calendars.ts';
import { roleIn } from '../repositories/teams.ts';
import { tellCreatorAndOwner } from './automation-notices.ts';
import { insertWithinPlanLimit } from './checklists.ts';
import { type SharingContext, sendShareCode } from './share-delivery.ts';
import { templateWork } from './templates.ts';

/**
 * One sync of a booking calendar (docs/automation.md "Booking calendars"): read the feed (outside any
 * transaction), then in one transaction that holds the calendar's row: a turnover for each new
 * reservation, a new name and due time for a moved one, 'cancelled' for one gone from the feed while
 * still ahead unless work started. Reservations are unique per (calendar, UID), and two syncs of one
 * calendar queue on its row, so a reservation never makes two checklists. Then each new turnover is
 * shared when the calendar has a recipient, and the run is logged. A run that leaves a turnover
 * missing or unshared marks the calendar failing and tells its people once.
 */

export interface CalendarSyncContext {
  db: Database;
  feeds: CalendarFeedReader;
  sharing: SharingContext;
  log: FastifyBaseLogger;
}

export interface SyncOutcome {
  added: number;
  moved: number;
  cancelled: number;
  /** Every problem of the run, in words. */
  errors: string[];
  /** Whether the problems leave turnovers missing or unshared (the calendar then shows failing). */
  failing: boolean;
}

interface Applied extends SyncOutcome {
  made: { checklistId: string; name: string; checkoutDate: string }[];
}

function emptyOutcome(): Applied {
  return { added: 0, moved: 0, cancelled: 0, errors: [], failing: false, made: [] };
}

/** Reads and parses the feed; a failure is the run's error in words. */
async function readFeed(context: CalendarSyncContext, calendar: CalendarRow): Promise<IcalFeed | string> {
  try {
    return parseIcal(await context.feeds.read(calendar.url), calendar.timezone);
  } catch (error) {
    if (error instanceof CalendarFeedError) return error.message;
    if (error instanceof NotIcalError) return 'Not an iCal file';
    throw error;
  }
}

/** Syncs one calendar now (the claim was made by the caller); null when it no longer exists. */
export async function syncCalendar(
  context: CalendarSyncContext,
  calendarId: string,
  now = new Date(),
): Promise<SyncOutcome | null> {
  const calendar = await findCalendar(context.db, calendarId);
  if (!calendar) return null;
  const feed = await readFeed(context, calendar);
  let outcome: Applied;
  if (typeof feed === 'string') {
    outcome = { ...emptyOutcome(), errors: [feed], failing: true };
  } else {
    let read: Applied | null;
    try {
      read = await applyFeed(context.db, calendarId, feed, now);
    } catch (error) {
      // Nothing of the transaction stays; the run says so and the next sync tries again.
      context.log.error({ err: error, calendarId }, 'calendar sync failed');
      read = {
        ...emptyOutcome(),
        errors: ['The sync failed on our side; it will be tried again'],
        failing: true,
      };
    }
    if (!read) return null;
    outcome = read;
    if (feed.skipped > 0) outcome.errors.push(`${feed.skipped} entries could not be read and were skipped`);
    if (feed.truncated) outcome.errors.push(`Only the first ${feed.events.length} entries were read`);
    await shareTurnovers(context, calendar, outcome);
  }
  await finishRun(context.db, calendarId, outcome, now);
  return outcome;
}

/** The transaction: the feed's reservations made, moved and cancelled as turnovers. */
async function applyFeed(
  db: Database,
  calendarId: string,
  feed: IcalFeed,
  now: Date,
): Promise<Applied | null> {
  return db.transaction(async (tx) => {
    const calendar = await lockCalendar(tx, calendarId);
    if (!calendar) return null;
    const outcome = emptyOutcome();
    const zone = calendar.timezone;
    const today = localDateOf(now, zone);
    const plans = planTurnovers(feed.events, {
      zone,
      checkoutTime: calendar.checkoutTime,
      checkinTime: calendar.checkinTime,
    });
    const existing = new Map((await reservationsOf(tx, calendarId)).map((row) => [row.reservation.uid, row]));
    const maker = await turnoverMaker(tx, calendar);
    for (const plan of plans) {
      const known = existing.get(plan.uid);
      if (known) await followReservation(tx, calendar, known.reservation, plan, outcome);
      else if (plan.checkoutDate >= today) await maker.make(plan, outcome);
    }
    const inFeed = new Set(plans.map((plan) => plan.uid));
    for (const { reservation, workStarted } of existing.values()) {
      if (inFeed.has(reservation.uid) || reservation.state !== 'active') continue;
      // Past stays dropping off the feed are history, not cancellations.
      if (reservation.checkoutDate < today) continue;
      if (workStarted) continue;
      if (reservation.checklistId) await markTurnoverCancelled(tx, reservation.checklistId);
      await updateReservation(tx, calendarId, reservation.uid, { state: 'cancelled' });
      outcome.cancelled += 1;
    }
    return outcome;
  });
}

/** Makes turnovers from the calendar's template, as the member who added it, within the plan limit. */
async function turnoverMaker(tx: Database, calendar: CalendarRow) {
  const access: OwnerAccess = { kind: 'owner', userId: calendar.creatorId, teamId: calendar.teamId };
  let refusal: string | null = null;
  let template: Awaited<ReturnType<typeof templateWork>> | null = null;
  if (!(await roleIn(tx, calendar.teamId, calendar.creatorId))) {
    refusal = 'The member who added this calendar left the team: add it again to make turnovers';
  } else {
    try {
      template = await templateWork(tx, access, calendar.templateId);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
      refusal = 'The template of this calendar was deleted: choose another one';
    }
  }
  return {
    async make(plan: TurnoverPlan, outcome: Applied): Promise<void> {
      if (refusal || !template) {
        if (refusal && !outcome.errors.includes(refusal)) outcome.errors.push(refusal);
        outcome.failing = true;
        return;
      }
      const work = template.tasks;
      const name = turnoverName(calendar.name, plan.checkoutDate);
      try {
        // A savepoint: a refusal here leaves the rest of the sync standing.
        const checklist = await tx.transaction((sp) =>
          insertWithinPlanLimit(sp, access, { name, remarks: '', dueAt: plan.dueAt }, work),
        );
        await insertReservation(tx, {
          calendarId: calendar.id,
          uid: plan.uid,
          checkoutDate: plan.checkoutDate,
          nextCheckinDate: plan.nextCheckinDate,
          checklistId: checklist.id,
        });
        outcome.added += 1;
        outcome.made.push({ checklistId: checklist.id, name, checkoutDate: plan.checkoutDate });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'plan_limit_reached') throw error;
        refusal = `Turnovers from ${plan.checkoutDate} on were not made: ${error.message}`;
        outcome.errors.push(refusal);
        outcome.failing = true;
      }
    },
  };
}

/** A known reservation: its turnover follows a new checkout or next check-in; a returning one is live again. */
async function followReservation(
  tx: Database,
  calendar: CalendarRow,
  reservation: ReservationRow,
  plan: TurnoverPlan,
  outcome: Applied,
): Promise<void> {
  const returning = reservation.state === 'cancelled';
  if (reservation.checklistId) {
    const current = await checklistDue(tx, reservation.checklistId);
    const name = turnoverName(calendar.name, plan.checkoutDate);
    const dueChanged = current?.dueAt?.getTime() !== plan.dueAt.getTime();
    const uncancel = returning && current?.cancelledAt != null;
    if (current && (dueChanged || current.name !== name || uncancel)) {
      await redateTurnover(tx, reservation.checklistId, {
        name,
        dueAt: plan.dueAt,
        cancelled: uncancel ? false : null,
      });
      if (dueChanged) outcome.moved += 1;
    }
  }
  if (
    returning ||
    reservation.checkoutDate !== plan.checkoutDate ||
    reservation.nextCheckinDate !== plan.nextCheckinDate
  ) {
    await updateReservation(tx, calendar.id, reservation.uid, {
      checkoutDate: plan.checkoutDate,
      nextCheckinDate: plan.nextCheckinDate,
      state: 'active',
    });
  }
}

/** Each new turnover to the calendar's recipient, as POST /api/verification/send would send it. */
async function shareTurnovers(context: CalendarSyncContext, calendar: CalendarRow, outcome: Applied) {
  const share = calendar.share;
  if (!share) return;
  const access: OwnerAccess = { kind: 'owner', userId: calendar.creatorId, teamId: calendar.teamId };
  for (const made of outcome.made) {
    try {
      await sendShareCode(
        context.sharing,
        access,
        {
          checklistId: made.checklistId,
          recipientName: share.recipientName,
          email: share.email,
          phone: share.phone,
          targetLanguage: share.targetLanguage as LanguageCode,
          newLink: false,
          consent: true,
        },
        { ip: null, network: null },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The feed is fine: the run says so, and the turnover's notice leads to it, to share by hand.
      outcome.errors.push(`The turnover for ${made.checkoutDate} was made but not shared: ${error.message}`);
      const reason = `It was not sent to ${share.recipientName ?? share.email ?? share.phone}: ${error.message}`;
      await context.db.transaction((tx) =>
        tellCreatorAndOwner(
          tx,
          { teamId: calendar.teamId, creatorId: calendar.creatorId },
          { kind: 'share_not_sent', checklistId: made.checklistId, checklistName: made.name, reason },
        ),
      );
    }
  }
}

/** The run logged, the calendar's state set, and its people told once when it starts failing. */
async function finishRun(db: Database, calendarId: string, outcome: SyncOutcome, now: Date): Promise<void> {
  const error = outcome.errors.length > 0 ? outcome.errors.join('. ') : null;
  await db.transaction(async (tx) => {
    const calendar = await lockCalendar(tx, calendarId);
    if (!calendar) return;
    await insertRun(
      tx,
      {
        id: newId('calrun'),
        calendarId,
        added: outcome.added,
        moved: outcome.moved,
        cancelled: outcome.cancelled,
        error,
      },
      CALENDAR_LIMITS.runsShown,
    );
    if (!outcome.failing) {
      await updateCalendar(tx, calendarId, {
        lastSyncAt: now,
        lastError: null,
        failingSince: null,
        failingToldAt: null,
      });
      return;
    }
    const tell = calendar.failingToldAt === null;
    await updateCalendar(tx, calendarId, {
      lastSyncAt: now,
      lastError: error,
      failingSince: calendar.failingSince ?? now,
      ...(tell ? { failingToldAt: now } : {}),
    });
    if (tell) await tellFailing(tx, calendar, error ?? '');
  });
}

/** A 'calendar_failing' notice to the member who added the calendar and to the team's owner. */
function tellFailing(tx: Database, calendar: CalendarRow, reason: string): Promise<void> {
  return tellCreatorAndOwner(
    tx,
    { teamId: calendar.teamId, creatorId: calendar.creatorId },
    { kind: 'calendar_failing', checklistId: null, checklistName: calendar.name, reason },
  );
}

/**
 * The periodic job (every instance, every 15 s: services/jobs.ts): `atOnce` workers each claim one
 * due calendar (free 6 h, paid 15 min; SKIP LOCKED, so instances share them) and sync it, then claim
 * the next, until none is due or the pass has run `passMs`. A slow or failing feed holds one worker
 * for at most its 10 s limit; the others go on. At most `atOnce` feeds are read at once per instance,
 * and a claim is made only when a worker is free, so an instance that dies loses at most `atOnce`
 * claims (their calendars are read again a period later). Answers the calendars synced.
 */
export async function syncDueCalendars(
  context: CalendarSyncContext,
  now: Date,
  options: { atOnce?: number; passMs?: number } = {},
): Promise<number> {
  const { atOnce = SYNC_AT_ONCE, passMs = SYNC_PASS_MS } = options;
  const cadence = { freeMs: CALENDAR_LIMITS.freeEveryMs, paidMs: CALENDAR_LIMITS.paidEveryMs };
  const started = Date.now();
  let synced = 0;
  const worker = async () => {
    while (Date.now() - started < passMs) {
      const [id] = await claimDueCalendars(context.db, cadence, 1);
      if (!id) return;
      try {
        await syncCalendar(context, id, now);
        synced += 1;
      } catch (error) {
        context.log.error({ err: error }, 'calendar sync failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
  return synced;
}

/**
 * Feeds read at once per instance (each read may take up to 10 s), and how long one pass goes on
 * claiming (the next look takes over; a stopping server waits for the reads in hand only).
 * 1,000 paid calendars are 1.1 reads a second; 10 at once keep up with a tenth of them at the 10 s
 * limit (docs/performance.md).
 */
const SYNC_AT_ONCE = 10;
const SYNC_PASS_MS = 50_000;
