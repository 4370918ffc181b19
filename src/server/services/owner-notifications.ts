import { buildLinkLockedEmail } from '#domain/link-locked-message';
import {
  type EmailedNotificationKind,
  emailKindOf,
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationKind,
} from '#domain/notification-texts';
import { buildOwnerNoticeEmail } from '#domain/owner-notice-email';
import type { EmailAttachment, EmailSender } from '../adapters/messaging/message-sender.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { maskContact, recipientLabel } from '../presenters/shares.ts';
import { announce } from '../repositories/change-notices.ts';
import {
  insertNotification,
  lastNotifiedSince,
  lockNoticeKind,
  type NotificationRow,
  noticeFacts,
} from '../repositories/notifications.ts';
import { ReportEmails } from './report-emails.ts';
import type { ShareSecrets } from './share-secrets.ts';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe-links.ts';

/**
 * Telling an owner what happened to a shared checklist (decision 0024): a notification row, announced
 * at its commit to the owner's open screens (the header's toast and badge), then, if the owner wants
 * that kind of e-mail, an e-mail with its unsubscribe link, and for a submission the completion
 * report attached (through `attachReport`, the report renderer, wired in composition.ts).
 */

/** The completion report of a checklist, as a file (services/report.ts renders it). */
export interface ReportFile {
  bytes: Buffer;
  filename: string;
  /** 'application/pdf'. */
  contentType: string;
}
/** The report of this checklist, rendered as its owner would download it. */
export type ReportAttachmentProvider = (checklistId: string, teamId: string) => Promise<ReportFile>;

/** The kinds a recipient's action (or a locked link) tells the owner of, in the app and by e-mail. */
export type OwnerNoticeKind = EmailedNotificationKind;

export interface NoticeEvent {
  kind: OwnerNoticeKind;
  checklistId: string;
  /** The recipient's share; null when the owner did it (never told) or it is unknown. */
  shareId: string | null;
}

export interface OwnerNotifierOptions {
  db: Database;
  secrets: Pick<ShareSecrets, 'linkSignature'>;
  messages: EmailSender;
  siteName: string;
  publicUrl: URL;
  log: { error(details: object, message: string): void };
  /** The completion report to attach to a submission's e-mail; without it, none is attached. */
  attachReport?: ReportAttachmentProvider | undefined;
  /** Between two e-mails with the report of one checklist, of one kind (report-emails.ts; tests shorten it). */
  reportEmailIntervalMs?: number | undefined;
}

/** A notice about one checklist, of a kind that may be e-mailed. */
type ChecklistNotice = Notification & { kind: OwnerNoticeKind; checklistId: string };

/** The kinds whose e-mail carries the report. */
const WITH_REPORT = new Set<NotificationKind>(['submitted', 'last_tick']);

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    checklistId: row.checklistId,
    checklistName: row.checklistName,
    shareId: row.shareId,
    recipient: row.recipientLabel,
    by: row.byName,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** Tick notices remembered per instance at most (the oldest are forgotten first). */
const REMEMBERED_TICK_NOTICES = 10_000;
const TICK_NOTICE_INTERVAL_MS = NOTIFICATION_LIMITS.tickNoticeIntervalMinutes * 60_000;

export class OwnerNotifier {
  readonly #inFlight = new Set<Promise<unknown>>();
  /**
   * When each checklist's last tick notice of a kind went out, as far as this instance made or found
   * one: a repeat inside the interval (a recipient unticking and ticking the first task again) is
   * then skipped before any query, as the database's check would skip it after four round trips.
   */
  readonly #lastTickNotice = new Map<string, number>();

  /** The e-mails that carry the report: bounded per checklist and made one at a time (decision 0041). */
  readonly #reportEmails: ReportEmails | null;

  constructor(private readonly options: OwnerNotifierOptions) {
    const { attachReport } = options;
    this.#reportEmails = attachReport
      ? new ReportEmails({
          render: async (checklistId, teamId) => {
            const report = await attachReport(checklistId, teamId);
            return { filename: report.filename, contentType: report.contentType, content: report.bytes };
          },
          log: options.log,
          intervalMs: options.reportEmailIntervalMs,
        })
      : null;
  }

  /**
   * Tells the owner without holding up whoever caused it (a recipient's submit answers at once; the
   * report and the e-mail follow). A failure is logged; `settle` waits for what is under way.
   */
  tell(event: NoticeEvent): void {
    // After this turn: the answer that caused it goes out first (a tick stays one statement).
    const work = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.notify(event))
      .catch((error: unknown) => {
        this.options.log.error({ err: error, kind: event.kind }, 'notifications: the owner was not told');
      });
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  /**
   * Waits for every notice under way and every e-mail due now (tests); a report e-mail that waits for
   * its checklist's interval to pass is not waited for.
   */
  async settle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    await this.#reportEmails?.settle();
  }

  /** Before the database closes: what is under way ends; e-mails still waiting go without the report. */
  async close(): Promise<void> {
    await this.settle();
    await this.#reportEmails?.close();
  }

  /**
   * The notification made (null when there is nothing to tell: the checklist is gone, tick notices
   * are off, or the same tick notice went out a moment ago), its e-mail sent or logged as failed.
   */
  async notify(event: NoticeEvent, now = new Date()): Promise<Notification | null> {
    const { db } = this.options;
    const isTick = event.kind === 'first_tick' || event.kind === 'last_tick';
    const tickKey = `${event.checklistId}\n${event.kind}`;
    if (isTick && now.getTime() - (this.#lastTickNotice.get(tickKey) ?? 0) < TICK_NOTICE_INTERVAL_MS) {
      return null;
    }
    const facts = await noticeFacts(db, event.checklistId, event.shareId);
    if (!facts) return null;
    if (isTick && !facts.preferences.tickNotices) return null;
    let found: Date | null = null;
    const notification = await db.transaction(async (tx) => {
      if (isTick) {
        // Checked and made under the checklist's lock for this kind: two at once make one.
        await lockNoticeKind(tx, event.checklistId, event.kind);
        const since = new Date(now.getTime() - TICK_NOTICE_INTERVAL_MS);
        const last = await lastNotifiedSince(tx, event.checklistId, event.kind, since);
        if (last) {
          found = last;
          return null;
        }
      }
      const row = await insertNotification(tx, {
        id: newId('ntf'),
        ownerId: facts.ownerId,
        checklistId: event.checklistId,
        shareId: facts.share?.id ?? null,
        kind: event.kind,
        checklistName: facts.checklistName,
        recipientLabel: facts.share ? recipientLabel(facts.share) : null,
        byName: null,
        reason: null,
      });
      const presented = presentNotification(row);
      // Sent at commit: the owner's open screens toast it and count it.
      await announce(tx, { kind: 'notification', userId: facts.ownerId, notification: presented });
      return presented;
    });
    // Committed: what went out (or had gone out) is remembered.
    const toldAt = found ?? (notification ? new Date(notification.createdAt) : null);
    if (isTick && toldAt) this.#rememberTickNotice(tickKey, toldAt);
    if (!notification) return null;
    if (facts.preferences.email[emailKindOf(event.kind)]) {
      await this.#email({ ...notification, kind: event.kind, checklistId: event.checklistId }, facts);
    }
    return notification;
  }

  #rememberTickNotice(key: string, at: Date): void {
    this.#lastTickNotice.delete(key);
    if (this.#lastTickNotice.size >= REMEMBERED_TICK_NOTICES) {
      const oldest = this.#lastTickNotice.keys().next();
      if (!oldest.done) this.#lastTickNotice.delete(oldest.value);
    }
    this.#lastTickNotice.set(key, at.getTime());
  }

  async #email(
    notification: ChecklistNotice,
    facts: NonNullable<Awaited<ReturnType<typeof noticeFacts>>>,
  ): Promise<void> {
    const send = (attachment: EmailAttachment | null) => this.#send(notification, facts, attachment);
    if (WITH_REPORT.has(notification.kind) && this.#reportEmails) {
      // With the report: now, or once this checklist's interval is over (report-emails.ts).
      this.#reportEmails.schedule({
        checklistId: notification.checklistId,
        teamId: facts.teamId,
        kind: notification.kind,
        send,
      });
      return;
    }
    await send(null);
  }

  async #send(
    notification: ChecklistNotice,
    facts: NonNullable<Awaited<ReturnType<typeof noticeFacts>>>,
    attachment: EmailAttachment | null,
  ): Promise<void> {
    const { siteName, publicUrl, secrets, messages, log } = this.options;
    const token = unsubscribeToken(secrets, { userId: facts.ownerId, kind: emailKindOf(notification.kind) });
    const unsubscribe = unsubscribeUrl(publicUrl, token);
    const checklistUrl = new URL(`/checklist/${encodeURIComponent(notification.checklistId)}`, publicUrl)
      .href;
    const email =
      notification.kind === 'link_locked'
        ? buildLinkLockedEmail({
            siteName,
            checklistName: facts.checklistName,
            recipientName: facts.share?.recipientName ?? null,
            maskedContact: facts.share ? maskContact(facts.share.channel, facts.share.contact) : '',
            checklistUrl,
            unsubscribeUrl: unsubscribe,
          })
        : buildOwnerNoticeEmail({
            siteName,
            kind: notification.kind,
            checklistName: facts.checklistName,
            recipient: notification.recipient,
            checklistUrl,
            unsubscribeUrl: unsubscribe,
            reportFilename: attachment?.filename ?? null,
          });
    try {
      await messages.sendEmail({
        to: facts.ownerEmail,
        ...email,
        headers: unsubscribeHeaders(unsubscribe),
        ...(attachment ? { attachments: [attachment] } : {}),
      });
    } catch (error) {
      log.error(
        { err: error, kind: notification.kind, notificationId: notification.id },
        'notifications: the e-mail to the owner failed',
      );
    }
  }
}
