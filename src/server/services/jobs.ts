import type { RateLimitStore } from '../adapters/rate-limit/rate-limit-store.ts';
import type { Database } from '../db/client.ts';
import { claimDueJob } from '../repositories/job-runs.ts';
import { deleteOldNotifications } from '../repositories/notifications.ts';
import { clearCodesExpiredBefore } from '../repositories/share-codes.ts';
import { deleteOldDeliveries } from '../repositories/webhooks.ts';
import { type CalendarSyncContext, syncDueCalendars } from './calendar-sync.ts';
import { markOverdueChecklists } from './due-dates.ts';
import { type ReminderContext, sendDueReminders } from './due-reminders.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';
import type { PhotoService } from './photos.ts';
import { runDueSchedules } from './schedule-batches.ts';
import { deleteExpiredSessions } from './sessions.ts';
import type { SharingContext } from './share-delivery.ts';

/**
 * The periodic clean-ups, each run once a period across every instance (docs/decisions/0020): the
 * scheduler (src/server/job-scheduler.ts) asks `claimJob` on each tick, and only the instance that
 * claimed a job's period runs it. The clean-ups delete what has run out, safe to run twice; the due-date
 * jobs take each mark with a conditional update, so a checklist is marked and told of once.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const JOB_TIMINGS = {
  sessionsEveryMs: HOUR,
  idempotencyKeysEveryMs: HOUR,
  verificationCodesEveryMs: 15 * MINUTE,
  /** An expired code is forgotten this long after it expired (until then verify says 'expired'). */
  verificationCodeGraceMs: HOUR,
  rateLimitWindowsEveryMs: 10 * MINUTE,
  orphanedPhotosEveryMs: 6 * HOUR,
  /**
   * A file no row names is deleted only once it is this old: an upload writes its files, then its row,
   * within one request, so a younger file may be an upload in progress. Generous, for clock skew
   * between the app and a storage server.
   */
  orphanedPhotoGraceMs: 24 * HOUR,
  oldNotificationsEveryMs: 6 * HOUR,
  /**
   * The bell lists the newest 30 (NOTIFICATION_LIMITS.listMax): a notification read this long ago
   * has done its work; any is dropped at `notificationKeepMs`. The activity trail is the lasting
   * record of what happened; a notification is only the message that it did.
   */
  notificationReadKeepMs: 30 * 24 * HOUR,
  notificationKeepMs: 180 * 24 * HOUR,
  /** The overdue check and the reminders (docs/automation.md): every minute, so a badge is at most a minute late. */
  overdueEveryMs: MINUTE,
  dueRemindersEveryMs: MINUTE,
  /**
   * Recurring schedules' due runs (services/schedule-runner.ts): each run is claimed on its own, so
   * every instance looks this often (an idle look is one indexed query) and they share a busy minute.
   */
  dueSchedulesEveryMs: 5_000,
  /**
   * Looks for booking calendars whose sync is due (each has its own 6 h or 15 min: calendar-sync.ts),
   * on every instance: each calendar is claimed on its own, so the instances share the reads.
   */
  bookingCalendarsEveryMs: 15_000,
  oldWebhookDeliveriesEveryMs: 6 * HOUR,
  /** A webhook delivery (and its attempts) made this long ago goes, once it is no longer pending. */
  webhookDeliveryKeepMs: 30 * 24 * HOUR,
} as const;

export type JobName =
  | 'expired-sessions'
  | 'expired-idempotency-keys'
  | 'expired-verification-codes'
  | 'expired-rate-limit-windows'
  | 'orphaned-photos'
  | 'old-notifications'
  | 'overdue-checklists'
  | 'due-reminders'
  | 'due-schedules'
  | 'booking-calendars'
  | 'old-webhook-deliveries';

export interface PeriodicJob {
  name: JobName;
  everyMs: number;
  /**
   * Run on every instance every `everyMs`, without the period's claim: for jobs whose work is claimed
   * piece by piece (SKIP LOCKED, a unique key), so several instances share a large batch and one that
   * dies leaves the rest to the others at once (job-scheduler.ts).
   */
  everyInstance?: true;
  /** Does the work; answers how many things it deleted or cleared (for the log). */
  run(now: Date): Promise<number>;
}

export interface JobDependencies {
  db: Database;
  photos: Pick<PhotoService, 'deleteOrphanedFiles'>;
  rateLimits: Pick<RateLimitStore, 'deleteExpired'>;
  /** The automatic shares of schedules' runs. */
  sharing: SharingContext;
  /** Booking calendars to sync (none: the job is not run). */
  calendars?: CalendarSyncContext;
  /** What the due reminders send with (the sharing context and a log). */
  reminders: ReminderContext;
}

export function periodicJobs(
  { db, photos, rateLimits, sharing, calendars, reminders }: JobDependencies,
  timings: typeof JOB_TIMINGS = JOB_TIMINGS,
): PeriodicJob[] {
  return [
    {
      name: 'expired-sessions',
      everyMs: timings.sessionsEveryMs,
      run: (now) => deleteExpiredSessions(db, now),
    },
    {
      name: 'expired-idempotency-keys',
      everyMs: timings.idempotencyKeysEveryMs,
      run: (now) => deleteExpiredIdempotencyKeys(db, now),
    },
    {
      name: 'expired-verification-codes',
      everyMs: timings.verificationCodesEveryMs,
      run: (now) => clearCodesExpiredBefore(db, new Date(now.getTime() - timings.verificationCodeGraceMs)),
    },
    {
      name: 'expired-rate-limit-windows',
      everyMs: timings.rateLimitWindowsEveryMs,
      run: () => rateLimits.deleteExpired(),
    },
    {
      name: 'orphaned-photos',
      everyMs: timings.orphanedPhotosEveryMs,
      run: (now) => photos.deleteOrphanedFiles(new Date(now.getTime() - timings.orphanedPhotoGraceMs)),
    },
    {
      name: 'old-notifications',
      everyMs: timings.oldNotificationsEveryMs,
      run: (now) =>
        deleteOldNotifications(db, {
          readBefore: new Date(now.getTime() - timings.notificationReadKeepMs),
          createdBefore: new Date(now.getTime() - timings.notificationKeepMs),
        }),
    },
    {
      name: 'overdue-checklists',
      everyMs: timings.overdueEveryMs,
      run: (now) => markOverdueChecklists(db, now),
    },
    {
      name: 'due-reminders',
      everyMs: timings.dueRemindersEveryMs,
      run: (now) => sendDueReminders(reminders, now),
    },
    {
      name: 'due-schedules',
      everyMs: timings.dueSchedulesEveryMs,
      everyInstance: true,
      run: (now) => runDueSchedules({ db, sharing }, now),
    },
    {
      name: 'old-webhook-deliveries',
      everyMs: timings.oldWebhookDeliveriesEveryMs,
      run: (now) => deleteOldDeliveries(db, new Date(now.getTime() - timings.webhookDeliveryKeepMs)),
    },
    ...(calendars
      ? [
          {
            name: 'booking-calendars' as const,
            everyMs: timings.bookingCalendarsEveryMs,
            everyInstance: true as const,
            run: (now: Date) => syncDueCalendars(calendars, now),
          },
        ]
      : []),
  ];
}

/** Whether this instance runs the job's current period (see repositories/job-runs.ts). */
export function claimJob(db: Database, job: PeriodicJob, runner: string): Promise<boolean> {
  return claimDueJob(db, job.name, job.everyMs, runner);
}
