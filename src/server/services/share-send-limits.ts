import { AppError } from '#domain/errors';
import { SHARE_LIMITS, SHARE_MESSAGES, type ShareChannel, SMS_LIMITS } from '#domain/sharing';
import { smsDestinationRefusal } from '#domain/sms-destinations';
import type { Database } from '../db/client.ts';
import {
  type CodeSendFilter,
  type CodeSendRecord,
  codeSendsSince,
  lockCodeSends,
  senderIsEstablished,
} from '../repositories/share-code-sends.ts';

/**
 * How many codes may be sent, counted in the database (share_code_sends) so that every instance
 * sees the same counts (decisions 0017 and 0042). The sender's own limits first: per owner (their
 * own sends only) and per share; for SMS also per young account, per number and sender, and per
 * requesting address. Then, for SMS, the limits senders not yet established share: per number, and
 * their part of the service's ceiling; last the ceiling itself. Reaching either ceiling logs one
 * alert at error level. A refused send is never recorded, so it takes nothing from any budget.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Which SMS ceiling was reached: the service's, or the part senders not yet established may use. */
export type SmsCeiling = 'service' | 'new_senders';

interface CeilingReached {
  ceiling: SmsCeiling;
  sentLastHour: number;
  limit: number;
  retryAfterSeconds: number;
}

/** Logs an SMS ceiling's alert once per window (per instance and ceiling), not once per refusal. */
export interface SmsCeilingAlarm {
  reached(details: CeilingReached, now: Date): void;
}

export function createSmsCeilingAlarm(
  log: { error(details: Record<string, unknown>, message: string): void },
  settings: { maxPerHour: number; reservedPercent: number },
): SmsCeilingAlarm {
  const quietUntil: Record<SmsCeiling, number> = { service: 0, new_senders: 0 };
  return {
    reached({ ceiling, ...details }, now) {
      if (now.getTime() < quietUntil[ceiling]) return;
      quietUntil[ceiling] = now.getTime() + details.retryAfterSeconds * 1000;
      const minutes = Math.ceil(details.retryAfterSeconds / 60);
      if (ceiling === 'service') {
        log.error(
          { alert: 'sms_service_ceiling', ...details },
          `SMS ceiling reached: ${details.sentLastHour} codes texted in the last hour (SMS_MAX_PER_HOUR=${details.limit}); every text message is refused for about ${minutes} min. Check for SMS pumping before raising it.`,
        );
        return;
      }
      log.error(
        { alert: 'sms_new_sender_ceiling', ...details },
        `SMS ceiling for senders not yet established reached: ${details.sentLastHour} codes texted in the last hour (${settings.reservedPercent}% of SMS_MAX_PER_HOUR=${settings.maxPerHour} is kept for established senders); their text messages are refused for about ${minutes} min. Look for a wave of new accounts (SMS pumping).`,
      );
    },
  };
}

/** What the SMS rules need from the configuration (SMS_ALLOWED_COUNTRIES, SMS_MAX_PER_HOUR, SMS_RESERVED_PERCENT). */
export interface SmsPolicy {
  allowedCountries: readonly string[];
  maxPerHour: number;
  reservedPercent: number;
  alarm: SmsCeilingAlarm;
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', message, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** 400 `validation_failed` unless a code may be texted to this number (country, then kind of number). */
export function assertSmsDestination(e164: string, policy: Pick<SmsPolicy, 'allowedCountries'>): void {
  const refusal = smsDestinationRefusal(e164, policy.allowedCountries);
  if (refusal) throw new AppError('validation_failed', refusal.message, { reason: refusal.reason });
}

/**
 * Who asks for a code: the address the request came from (kept in the send's record) and the key the
 * per-address limit counts it under (an IPv6 address's /64: http/plugins/rate-limits.ts clientKey).
 */
export interface CodeRequester {
  ip: string | null;
  network: string | null;
}

/** One send about to be made: who asked, for which share, to where. */
export interface SendRequest {
  channel: ShareChannel;
  /** The e-mail address or E.164 number. */
  destination: string;
  /** The sender: the owner who sends, or for a link resend the checklist's owner. */
  ownerId: string;
  /** When the owner's account was made; only an owner's own send is held to the young-account limit. */
  ownerCreatedAt: Date | null;
  checklistId: string;
  shareId: string;
  /** The owner, or anyone holding the link (a resend from the shared page). */
  requestedBy: 'owner' | 'link';
  requester: CodeRequester;
}

interface Limit {
  counts: CodeSendFilter;
  max: number;
  windowMs: number;
  message: string;
  /** The latest the refusal lasts (a young account grows up). */
  endsBy?: number;
  onReached?: (sent: number, retryAfterSeconds: number) => void;
}

/** The sender's own limits: theirs to spend, whatever anyone else does. */
function senderLimits(request: SendRequest, established: boolean, now: Date): Limit[] {
  const limits: Limit[] = [];
  const { ownerId, channel, destination } = request;
  const byOwner = request.requestedBy === 'owner';
  const hour = (counts: CodeSendFilter, max: number, message: string) =>
    limits.push({ counts, max, windowMs: HOUR_MS, message });
  if (byOwner)
    hour({ ownerId, requestedBy: 'owner' }, SHARE_LIMITS.ownerSendsPerHour, SHARE_MESSAGES.ownerSendLimit);
  hour({ shareId: request.shareId }, SHARE_LIMITS.sendsPerSharePerHour, SHARE_MESSAGES.resendTooSoon);
  const grownUpAt = (request.ownerCreatedAt?.getTime() ?? 0) + SMS_LIMITS.newAccountDays * DAY_MS;
  if (byOwner && channel === 'sms' && grownUpAt > now.getTime()) {
    limits.push({
      counts: { ownerId, channel, requestedBy: 'owner' },
      max: SMS_LIMITS.newAccountPerDay,
      windowMs: DAY_MS,
      message: SHARE_MESSAGES.newAccountSmsLimit,
      endsBy: grownUpAt,
    });
  }
  if (channel !== 'sms') return limits;
  const perSender = SMS_LIMITS.perNumberPerSender[established ? 'established' : 'other'];
  if (byOwner)
    hour({ ownerId, channel, destination, requestedBy: 'owner' }, perSender, SHARE_MESSAGES.smsNumberLimit);
  const network = request.requester.network;
  if (network)
    hour({ channel, requesterNetwork: network }, SMS_LIMITS.perIpPerHour, SHARE_MESSAGES.smsIpLimit);
  return limits;
}

/**
 * The SMS limits others share: the number's budget for senders not yet established, their part of
 * the service's ceiling, and the ceiling itself. An established sender is held by the ceiling alone,
 * so no crowd of new accounts can shut it out. (E-mail has none: a message costs nothing, and a shared
 * budget per address would let a crowd shut every new owner out of a busy office's inbox.)
 */
function sharedSmsLimits(request: SendRequest, sms: SmsPolicy, established: boolean, now: Date): Limit[] {
  const alarm = (ceiling: SmsCeiling, limit: number) => (sent: number, retryAfterSeconds: number) =>
    sms.alarm.reached({ ceiling, sentLastHour: sent, limit, retryAfterSeconds }, now);
  const ceiling: Limit = {
    counts: { channel: 'sms' },
    max: sms.maxPerHour,
    windowMs: HOUR_MS,
    message: SHARE_MESSAGES.smsPaused,
    onReached: alarm('service', sms.maxPerHour),
  };
  if (established) return [ceiling];
  const others = { channel: 'sms', senderEstablished: false } as const;
  const othersMax = Math.floor((sms.maxPerHour * (100 - sms.reservedPercent)) / 100);
  return [
    {
      counts: { ...others, destination: request.destination },
      max: SMS_LIMITS.perNumberFromOthersPerHour,
      windowMs: HOUR_MS,
      message: SHARE_MESSAGES.smsNumberLimit,
    },
    {
      counts: others,
      max: othersMax,
      windowMs: HOUR_MS,
      message: SHARE_MESSAGES.smsPaused,
      onReached: alarm('new_senders', othersMax),
    },
    ceiling,
  ];
}

/**
 * Inside the send's transaction: refuses (429 `rate_limited`, with Retry-After) when a limit has no
 * send left, else answers the send's record (with whether its sender is established). Takes a lock
 * first, so the counts cannot change before the send is recorded in the same transaction: SMS sends
 * take one lock for the whole service (they are few and the ceiling counts them all), e-mail sends
 * one per owner (every e-mail limit counts one owner's or one share's sends).
 */
export async function assertSendAllowance(
  tx: Database,
  sms: SmsPolicy,
  request: SendRequest,
  now: Date,
): Promise<CodeSendRecord> {
  await lockCodeSends(tx, request.channel === 'sms' ? 'sms' : `owner:${request.ownerId}`);
  const accountBefore = new Date(now.getTime() - SHARE_LIMITS.establishedAfterDays * DAY_MS);
  const established = await senderIsEstablished(tx, request.ownerId, request.checklistId, accountBefore);
  const limits = senderLimits(request, established, now);
  if (request.channel === 'sms') limits.push(...sharedSmsLimits(request, sms, established, now));
  for (const limit of limits) {
    const sent = await codeSendsSince(tx, limit.counts, new Date(now.getTime() - limit.windowMs));
    if (sent.n < limit.max) continue;
    const freesAt = sent.oldest ? new Date(sent.oldest).getTime() + limit.windowMs : now.getTime() + 60_000;
    const retryAfter = (Math.min(freesAt, limit.endsBy ?? freesAt) - now.getTime()) / 1000;
    limit.onReached?.(sent.n, Math.max(1, Math.ceil(retryAfter)));
    throw rateLimited(limit.message, retryAfter);
  }
  return {
    destination: request.destination,
    requestedBy: request.requestedBy,
    requesterIp: request.requester.ip,
    requesterNetwork: request.requester.network,
    senderEstablished: established,
  };
}
