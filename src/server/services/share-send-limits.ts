import { AppError } from '#domain/errors';
import { SHARE_LIMITS, SHARE_MESSAGES, type ShareChannel, SMS_LIMITS } from '#domain/sharing';
import { smsDestinationRefusal } from '#domain/sms-destinations';
import type { Database } from '../db/client.ts';
import { type CodeSendFilter, codeSendsSince, lockCodeSends } from '../repositories/share-code-sends.ts';

/**
 * How many codes may be sent, counted in the database (share_code_sends) so that every instance
 * sees the same counts (decision 0017): per owner (their own sends only) and per share for every
 * channel; for SMS also per destination number, per requesting IP, for young accounts and for the
 * whole service, whose ceiling logs one alert at error level each time it is reached.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Logs the service-wide ceiling's alert once per window (per instance), not once per refusal. */
export interface SmsCeilingAlarm {
  reached(details: { sentLastHour: number; limit: number; retryAfterSeconds: number }, now: Date): void;
}

export function createSmsCeilingAlarm(log: {
  error(details: Record<string, unknown>, message: string): void;
}): SmsCeilingAlarm {
  let quietUntil = 0;
  return {
    reached(details, now) {
      if (now.getTime() < quietUntil) return;
      quietUntil = now.getTime() + details.retryAfterSeconds * 1000;
      log.error(
        { alert: 'sms_service_ceiling', ...details },
        `SMS ceiling reached: ${details.sentLastHour} codes texted in the last hour (SMS_MAX_PER_HOUR=${details.limit}); every text message is refused for about ${Math.ceil(details.retryAfterSeconds / 60)} min. Check for SMS pumping before raising it.`,
      );
    },
  };
}

/** What the SMS rules need from the configuration (SMS_ALLOWED_COUNTRIES, SMS_MAX_PER_HOUR). */
export interface SmsPolicy {
  allowedCountries: readonly string[];
  maxPerHour: number;
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

/** One send about to be made: who asked, for which share, to where. */
export interface SendRequest {
  channel: ShareChannel;
  /** The e-mail address or E.164 number. */
  destination: string;
  ownerId: string;
  /** When the owner's account was made; only an owner's own send is held to the young-account limit. */
  ownerCreatedAt: Date | null;
  shareId: string;
  /** The owner, or anyone holding the link (a resend from the shared page). */
  requestedBy: 'owner' | 'link';
  requesterIp: string | null;
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

function limitsOf(request: SendRequest, sms: SmsPolicy, now: Date): Limit[] {
  const limits: Limit[] = [];
  const byOwner = request.requestedBy === 'owner';
  if (byOwner) {
    limits.push({
      counts: { ownerId: request.ownerId, requestedBy: 'owner' },
      max: SHARE_LIMITS.ownerSendsPerHour,
      windowMs: HOUR_MS,
      message: SHARE_MESSAGES.ownerSendLimit,
    });
  }
  limits.push({
    counts: { shareId: request.shareId },
    max: SHARE_LIMITS.sendsPerSharePerHour,
    windowMs: HOUR_MS,
    message: SHARE_MESSAGES.resendTooSoon,
  });
  if (request.channel !== 'sms') return limits;

  const grownUpAt = request.ownerCreatedAt
    ? request.ownerCreatedAt.getTime() + SMS_LIMITS.newAccountDays * DAY_MS
    : 0;
  if (byOwner && grownUpAt > now.getTime()) {
    limits.push({
      counts: { ownerId: request.ownerId, channel: 'sms', requestedBy: 'owner' },
      max: SMS_LIMITS.newAccountPerDay,
      windowMs: DAY_MS,
      message: SHARE_MESSAGES.newAccountSmsLimit,
      endsBy: grownUpAt,
    });
  }
  limits.push({
    counts: { channel: 'sms', destination: request.destination },
    max: SMS_LIMITS.perNumberPerHour,
    windowMs: HOUR_MS,
    message: SHARE_MESSAGES.smsNumberLimit,
  });
  if (request.requesterIp) {
    limits.push({
      counts: { channel: 'sms', requesterIp: request.requesterIp },
      max: SMS_LIMITS.perIpPerHour,
      windowMs: HOUR_MS,
      message: SHARE_MESSAGES.smsIpLimit,
    });
  }
  limits.push({
    counts: { channel: 'sms' },
    max: sms.maxPerHour,
    windowMs: HOUR_MS,
    message: SHARE_MESSAGES.smsPaused,
    onReached: (sent, retryAfterSeconds) =>
      sms.alarm.reached({ sentLastHour: sent, limit: sms.maxPerHour, retryAfterSeconds }, now),
  });
  return limits;
}

/**
 * Inside the send's transaction: refuses (429 `rate_limited`, with Retry-After) when a limit has no
 * send left. Takes a lock first, so the counts cannot change before the send is recorded in the same
 * transaction: SMS sends take one lock for the whole service (they are few and the service-wide
 * ceiling counts them all), e-mail sends one per owner.
 */
export async function assertSendAllowance(
  tx: Database,
  sms: SmsPolicy,
  request: SendRequest,
  now: Date,
): Promise<void> {
  await lockCodeSends(tx, request.channel === 'sms' ? 'sms' : `owner:${request.ownerId}`);
  for (const limit of limitsOf(request, sms, now)) {
    const sent = await codeSendsSince(tx, limit.counts, new Date(now.getTime() - limit.windowMs));
    if (sent.n < limit.max) continue;
    const freesAt = sent.oldest ? new Date(sent.oldest).getTime() + limit.windowMs : now.getTime() + 60_000;
    const retryAfter = (Math.min(freesAt, limit.endsBy ?? freesAt) - now.getTime()) / 1000;
    limit.onReached?.(sent.n, Math.max(1, Math.ceil(retryAfter)));
    throw rateLimited(limit.message, retryAfter);
  }
}
