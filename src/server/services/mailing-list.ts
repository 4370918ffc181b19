import { MAILING_LIST_LIMITS } from '#domain/mailing-list';
import type { EmailSender } from '../adapters/messaging/message-sender.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import {
  claimConfirmationSend,
  confirmedSubscribers,
  markConfirmed,
  markUnsubscribed,
  subscriberByEmail,
  upsertSubscriber,
} from '../repositories/public-forms.ts';
import type { ShareSecrets } from './share-secrets.ts';
import { readLinkToken, signLinkToken } from './signed-links.ts';
import { unsubscribeHeaders } from './unsubscribe-links.ts';

/**
 * The mailing list with double opt-in (issue 18). A sign-up stores the address and sends it a
 * confirmation e-mail; only an address confirmed from that e-mail is a subscriber, until it leaves
 * by the one-click link every list e-mail carries. The public answer is the same in every case, and
 * the e-mail goes out after the answer, so neither its content nor its timing says who is listed.
 */

/** At most one confirmation e-mail to an address in this time (a form pressed again, a bot, someone else). */
const CONFIRMATION_SPACING_MS = MAILING_LIST_LIMITS.confirmationSpacingHours * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export type MailingListPurpose = 'confirm' | 'unsubscribe';

export interface MailingListContext {
  db: Database;
  messages: EmailSender;
  secrets: Pick<ShareSecrets, 'linkSignature'>;
  publicUrl: URL;
  siteName: string;
  log: { warn(details: object, message: string): void };
  /** MAILING_LIST_MAX_PER_HOUR: confirmation e-mails an hour for the whole service. */
  confirmationsPerHour: number;
}

const VERSION = 'm1';

/** A link's token: the address and what the link does (services/signed-links.ts). */
export function mailingListToken(
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  email: string,
  purpose: MailingListPurpose,
): string {
  return signLinkToken(secrets, VERSION, [purpose, email]);
}

/** The address a token names for this purpose, or null for anything not signed by us for it. */
export function readMailingListToken(
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  token: string,
  purpose: MailingListPurpose,
): string | null {
  const value = readLinkToken(secrets, VERSION, token);
  if (value?.length !== 2 || value[0] !== purpose) return null;
  return typeof value[1] === 'string' ? value[1] : null;
}

export function mailingListUrl(publicUrl: URL, purpose: MailingListPurpose, token: string): string {
  const url = new URL(`/api/mailing-list/${purpose}`, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export class MailingList {
  readonly #sends = new Set<Promise<void>>();
  /** Until when the ceiling's warning stays quiet (once per hour it holds, per instance). */
  #ceilingQuietUntil = 0;

  constructor(private readonly context: MailingListContext) {}

  /**
   * A sign-up: stored (or counted) at once; a confirmation e-mail follows unless the address is
   * already a subscriber, was sent one in the last day, or the service sent its hourly fill. Which
   * of these it was shows nowhere: the answer goes first and is always the same.
   */
  async subscribe(email: string, now = new Date()): Promise<void> {
    const { db } = this.context;
    const row = await upsertSubscriber(db, newId('subscriber'), email);
    if (!row || (row.confirmedAt && !row.unsubscribedAt)) return;
    const send = (async () => {
      const at = {
        now,
        sentBefore: new Date(now.getTime() - CONFIRMATION_SPACING_MS),
        hourAgo: new Date(now.getTime() - HOUR_MS),
      };
      const claim = await claimConfirmationSend(db, row.id, at, this.context.confirmationsPerHour);
      if (claim.claimed) await this.#sendConfirmation(email);
      else if (claim.reason === 'ceiling') this.#warnCeiling(claim.sentLastHour, now);
    })().catch((error: unknown) =>
      this.context.log.warn({ err: error }, 'mailing list: the confirmation e-mail was not sent'),
    );
    this.#sends.add(send);
    void send.finally(() => this.#sends.delete(send));
  }

  #warnCeiling(sentLastHour: number, now: Date): void {
    if (now.getTime() < this.#ceilingQuietUntil) return;
    this.#ceilingQuietUntil = now.getTime() + HOUR_MS;
    const limit = this.context.confirmationsPerHour;
    this.context.log.warn(
      { alert: 'mailing_list_confirmation_ceiling', sentLastHour, limit },
      `mailing list: ${sentLastHour} confirmation e-mails went out in the last hour (MAILING_LIST_MAX_PER_HOUR=${limit}); sign-ups are stored, but no e-mail goes to them (the same address signing up again once the hour has room gets one). Many sign-ups at once may be someone mailing other people through the form.`,
    );
  }

  /** Resolves once every confirmation e-mail under way has been handed over (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.#sends.size > 0) await Promise.all([...this.#sends]);
  }

  async #sendConfirmation(email: string): Promise<void> {
    const { messages, secrets, publicUrl, siteName } = this.context;
    const confirm = mailingListUrl(publicUrl, 'confirm', mailingListToken(secrets, email, 'confirm'));
    const leave = mailingListUrl(publicUrl, 'unsubscribe', mailingListToken(secrets, email, 'unsubscribe'));
    await messages.sendEmail({
      to: email,
      subject: `Confirm your subscription to ${siteName} updates`,
      text: [
        `Someone, hopefully you, asked to hear about new ${siteName} features at this address.`,
        '',
        `To confirm, open this link and press Confirm: ${confirm}`,
        '',
        "If it wasn't you, ignore this e-mail: the address is not added, and nothing more is sent to it.",
        '',
        `Unsubscribe: ${leave}`,
      ].join('\n'),
      headers: unsubscribeHeaders(leave),
    });
  }
}

/**
 * What a confirmation or unsubscribe link does: the address its token names for that purpose, and
 * whether it was a subscriber before; `dryRun` only says so (the GET page). Null for a token that is
 * not ours for this purpose, or an address never signed up.
 */
export async function followMailingListLink(
  db: Database,
  secrets: Pick<ShareSecrets, 'linkSignature'>,
  token: string,
  purpose: MailingListPurpose,
  { dryRun }: { dryRun: boolean },
  now = new Date(),
): Promise<{ email: string; wasSubscribed: boolean } | null> {
  const email = readMailingListToken(secrets, token, purpose);
  const row = email ? await subscriberByEmail(db, email) : undefined;
  if (!email || !row) return null;
  const wasSubscribed = Boolean(row.confirmedAt && !row.unsubscribedAt);
  if (!dryRun) {
    if (purpose === 'confirm' && !wasSubscribed) await markConfirmed(db, row.id, now);
    if (purpose === 'unsubscribe' && !row.unsubscribedAt) await markUnsubscribed(db, row.id, now);
  }
  return { email, wasSubscribed };
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet (OWASP). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** `npm run admin -- mailing-list export`: the confirmed subscribers with their dates, as CSV. */
export async function exportConfirmedSubscribers(db: Database): Promise<string> {
  const rows = await confirmedSubscribers(db);
  const lines = ['email,signed_up_at,confirmed_at'];
  for (const row of rows) {
    lines.push(
      [row.email, row.signedUpAt.toISOString(), row.confirmedAt?.toISOString() ?? ''].map(csvField).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
