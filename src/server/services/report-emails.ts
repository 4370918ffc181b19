import { AppError } from '#domain/errors';
import type { EmailAttachment } from '../adapters/messaging/message-sender.ts';

/**
 * The e-mails that carry a checklist's completion report (a recipient submitted it, or ticked its
 * last task: decision 0024), bounded (docs/decisions/0041). A report costs seconds of a worker
 * thread, and a recipient may submit again and again; so, on each instance:
 *
 * - at most one such e-mail per checklist and kind every `intervalMs` (10 minutes): one asked for
 *   sooner waits until then and goes as one e-mail, with the newest notice's words and the report as
 *   it is when it goes (repeated submissions coalesce);
 * - one report made at a time (they are not urgent), so e-mails never fill the pool's queue that
 *   owners' downloads use; at most `maxWaiting` e-mails wait, and one more goes at once without its
 *   report, as does every waiting one when the server stops (the e-mail says to open the checklist);
 * - a report refused because the pool is busy is tried again a minute later, twice, then the e-mail
 *   goes without it.
 *
 * Memory of what went when is this instance's (as decision 0035's tick notices): with N instances,
 * at most N such e-mails per checklist and kind per interval.
 */

/** Sends the e-mail, with the report attached or (null) without it. */
export type SendWithReport = (attachment: EmailAttachment | null) => Promise<void>;

export interface ReportEmailOptions {
  /** The report of a checklist, as the e-mail attaches it. */
  render: (checklistId: string, teamId: string) => Promise<EmailAttachment>;
  log: { error(details: object, message: string): void };
  /** Between two e-mails with the report of one checklist, of one kind. */
  intervalMs?: number;
}

export const REPORT_EMAIL_LIMITS = {
  intervalMs: 10 * 60_000,
  /** E-mails waiting on one instance at most (each a few hundred bytes until its report is made). */
  maxWaiting: 100,
  /** After the worker pool answered busy: the next try, and the tries in all. */
  busyRetryMs: 60_000,
  busyTries: 3,
  /** What went when, remembered at most (the oldest forgotten first). */
  remembered: 10_000,
} as const;

interface Waiting {
  checklistId: string;
  teamId: string;
  send: SendWithReport;
  due: number;
  tries: number;
}

export interface ReportEmailRequest {
  checklistId: string;
  teamId: string;
  /** The notice's kind: each kind has its own interval. */
  kind: string;
  send: SendWithReport;
}

export class ReportEmails {
  readonly #intervalMs: number;
  /** When this instance last began an e-mail of each checklist and kind. */
  readonly #lastSent = new Map<string, number>();
  readonly #waiting = new Map<string, Waiting>();
  /** E-mails sent without a report, under way. */
  readonly #inFlight = new Set<Promise<void>>();
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(private readonly options: ReportEmailOptions) {
    this.#intervalMs = options.intervalMs ?? REPORT_EMAIL_LIMITS.intervalMs;
  }

  /** The e-mail goes with the report now, or once the checklist's interval is over. */
  schedule(request: ReportEmailRequest, now = Date.now()): void {
    const key = `${request.checklistId}\n${request.kind}`;
    const waiting = this.#waiting.get(key);
    if (waiting) {
      // Coalesced: the newest notice's e-mail goes when the one waiting would have.
      waiting.send = request.send;
      return;
    }
    if (this.#closed || this.#waiting.size >= REPORT_EMAIL_LIMITS.maxWaiting) {
      this.#sendWithout(request.send);
      return;
    }
    const due = Math.max(now, (this.#lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + this.#intervalMs);
    this.#waiting.set(key, {
      checklistId: request.checklistId,
      teamId: request.teamId,
      send: request.send,
      due,
      tries: 0,
    });
    this.#pump();
  }

  /** Waits until nothing is due or under way (e-mails due later still wait): tests, and before close. */
  async settle(): Promise<void> {
    while (this.#running || this.#inFlight.size > 0 || this.#dueNow()) {
      this.#pump();
      await Promise.allSettled([this.#running, ...this.#inFlight]);
    }
  }

  /** The server stops: what is under way ends, and every waiting e-mail goes at once without its report. */
  async close(): Promise<void> {
    await this.settle();
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const waiting of this.#waiting.values()) this.#sendWithout(waiting.send);
    this.#waiting.clear();
    await this.settle();
  }

  #dueNow(): boolean {
    const now = Date.now();
    return [...this.#waiting.values()].some((waiting) => waiting.due <= now);
  }

  /** Starts the next due e-mail unless one is being made; else wakes up when the next falls due. */
  #pump(): void {
    if (this.#running || this.#closed) return;
    clearTimeout(this.#timer);
    const now = Date.now();
    let next: [string, Waiting] | undefined;
    for (const entry of this.#waiting) {
      if (!next || entry[1].due < next[1].due) next = entry;
    }
    if (!next) return;
    const [key, waiting] = next;
    if (waiting.due > now) {
      this.#timer = setTimeout(() => this.#pump(), waiting.due - now);
      this.#timer.unref();
      return;
    }
    this.#waiting.delete(key);
    this.#running = this.#deliver(key, waiting, now).finally(() => {
      this.#running = null;
      this.#pump();
    });
  }

  async #deliver(key: string, waiting: Waiting, now: number): Promise<void> {
    // From now: a notice while its report is made waits for the next interval.
    this.#remember(key, now);
    let attachment: EmailAttachment | null = null;
    try {
      attachment = await this.options.render(waiting.checklistId, waiting.teamId);
    } catch (error) {
      const busy = error instanceof AppError && error.code === 'service_unavailable';
      if (
        busy &&
        waiting.tries + 1 < REPORT_EMAIL_LIMITS.busyTries &&
        !this.#waiting.has(key) &&
        !this.#closed
      ) {
        this.#waiting.set(key, {
          ...waiting,
          due: Date.now() + REPORT_EMAIL_LIMITS.busyRetryMs,
          tries: waiting.tries + 1,
        });
        return;
      }
      this.options.log.error(
        { err: error, checklistId: waiting.checklistId },
        'notifications: the report could not be attached',
      );
    }
    await this.#send(waiting.send, attachment);
  }

  #sendWithout(send: SendWithReport): void {
    const sending = this.#send(send, null);
    this.#inFlight.add(sending);
    void sending.finally(() => this.#inFlight.delete(sending));
  }

  /** The e-mail's own failure is logged by `send` (owner-notifications.ts); nothing else to do here. */
  async #send(send: SendWithReport, attachment: EmailAttachment | null): Promise<void> {
    try {
      await send(attachment);
    } catch (error) {
      this.options.log.error({ err: error }, 'notifications: the e-mail to the owner failed');
    }
  }

  #remember(key: string, at: number): void {
    this.#lastSent.delete(key);
    if (this.#lastSent.size >= REPORT_EMAIL_LIMITS.remembered) {
      const oldest = this.#lastSent.keys().next();
      if (!oldest.done) this.#lastSent.delete(oldest.value);
    }
    this.#lastSent.set(key, at);
  }
}
