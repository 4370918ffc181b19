import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { PLAN_LIMITS } from '#domain/plans';
import { buildShareVerificationEmail, buildShareVerificationSms } from '#domain/share-messages';
import { SHARE_LIMITS, SHARE_MESSAGES, type ShareChannel, shareLink } from '#domain/sharing';
import type { ShareSendData } from '#domain/sharing-input';
import { DeliveryError } from '../adapters/messaging/delivery-error.ts';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { type CodeSent, ownerNameOf } from '../presenters/shares.ts';
import { ownedChecklistWithOwner } from '../repositories/checklists.ts';
import {
  claimCodeSlot,
  codeSendsSince,
  deleteGrantsOfShare,
  insertShareIfAbsent,
  liveShareByToken,
  type ShareRow,
  shareForContact,
  storeCode,
  updateShare,
  wipeUndeliveredCode,
} from '../repositories/shares.ts';
import type { ShareSecrets } from './share-secrets.ts';

/** What the sharing services need besides the database. */
export interface SharingContext {
  db: Database;
  secrets: ShareSecrets;
  messages: MessageSender;
  siteName: string;
  publicUrl: URL;
  /**
   * Per channel: whether its messages go to the local outbox, in which case answers carry the code
   * itself (the spec's "development mode"). Never for a channel with a real carrier.
   */
  exposeCodes: Record<ShareChannel, boolean>;
  /** Starts translating the checklist into the share's language (not awaited; services/shared-translation.ts). */
  warmTranslation?: (checklistId: string, language: LanguageCode) => void;
  /** Where a notice that could not be sent is reported (the owner's link-locked e-mail). */
  log?: { error(details: object, message: string): void };
}

const HOUR_MS = 60 * 60 * 1000;
/** Codes one share may be sent per hour (anyone holding the link can ask for a resend). */
const SENDS_PER_SHARE_PER_HOUR = 6;

/** What a new link starts with: not revoked, not locked, all its wrong tries ahead of it. */
const NEW_LINK = { revokedAt: null, linkLockedAt: null, linkWrongTries: 0 } as const;

export function shareNotFound(): AppError {
  return new AppError('share_not_found', SHARE_MESSAGES.shareNotFound);
}

/**
 * The link took its last wrong code (SHARE_LIMITS.linkMaxWrongTries): no code opens it and none is
 * sent to it again; only a new link from the owner. No Retry-After: no wait helps.
 */
export function linkLocked(): AppError {
  return new AppError('code_locked', SHARE_MESSAGES.linkLocked, { linkLocked: true });
}

function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', message, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** The owner's hourly allowance of codes (SMS costs money), and the share's. */
async function assertSendAllowance(db: Database, ownerId: string, shareId: string | null, now: Date) {
  const since = new Date(now.getTime() - HOUR_MS);
  const byOwner = await codeSendsSince(db, { ownerId }, since);
  const retryAfter = (oldest: string | null) =>
    oldest ? (new Date(oldest).getTime() + HOUR_MS - now.getTime()) / 1000 : 60;
  if (byOwner.n >= SHARE_LIMITS.ownerSendsPerHour) {
    throw rateLimited(SHARE_MESSAGES.ownerSendLimit, retryAfter(byOwner.oldest));
  }
  if (!shareId) return;
  const byShare = await codeSendsSince(db, { shareId }, since);
  if (byShare.n >= SENDS_PER_SHARE_PER_HOUR) {
    throw rateLimited(SHARE_MESSAGES.resendTooSoon, retryAfter(byShare.oldest));
  }
}

/**
 * Claims the right to send this share a new code: at most one every 30 s (unless `force`, for a new
 * link). The previous code dies here, whether or not the new one is delivered.
 */
async function claimCodeSlotOrWait(db: Database, share: ShareRow, now: Date, force: boolean) {
  const earliest = new Date(now.getTime() - SHARE_LIMITS.resendIntervalSeconds * 1000);
  if (await claimCodeSlot(db, share.id, now, earliest, force)) return;
  const wait = share.codeRequestedAt
    ? (share.codeRequestedAt.getTime() + SHARE_LIMITS.resendIntervalSeconds * 1000 - now.getTime()) / 1000
    : SHARE_LIMITS.resendIntervalSeconds;
  throw rateLimited(SHARE_MESSAGES.resendTooSoon, wait);
}

interface Delivery {
  share: ShareRow;
  token: string;
  ownerId: string;
  ownerName: string;
  checklistName: string;
  now: Date;
}

/**
 * Makes a code, stores its hash, and sends it with the link. If the carrier refuses, the code is
 * wiped (no valid code is left behind) and the throttle released so the owner can try again at once.
 */
async function deliverCode(context: SharingContext, delivery: Delivery): Promise<CodeSent> {
  const { db, secrets, messages } = context;
  const { share, token, now } = delivery;
  const code = secrets.newCode();
  const codeHash = secrets.codeHash(share.id, code);
  const codeExpiresAt = new Date(now.getTime() + SHARE_LIMITS.codeValidMinutes * 60_000);
  await storeCode(db, share, delivery.ownerId, {
    id: newId('send'),
    hash: codeHash,
    expiresAt: codeExpiresAt,
  });

  const language = share.targetLanguage as LanguageCode;
  const content = {
    siteName: context.siteName,
    ownerName: delivery.ownerName,
    checklistName: delivery.checklistName,
    code,
    shareUrl: shareLink(context.publicUrl.href, token, language),
    recipientName: share.recipientName ?? undefined,
    language,
  };
  try {
    if (share.channel === 'email') {
      await messages.sendEmail({ to: share.contact, ...buildShareVerificationEmail(content) });
    } else {
      await messages.sendSms({ to: share.contact, ...buildShareVerificationSms(content) });
    }
  } catch (error) {
    await wipeUndeliveredCode(db, share.id, codeHash);
    throw deliveryFailure(share.channel, error);
  }
  context.warmTranslation?.(share.checklistId, language);
  return {
    share,
    token,
    shareUrl: content.shareUrl,
    codeExpiresAt,
    visibleCode: context.exposeCodes[share.channel] ? code : null,
  };
}

function deliveryFailure(channel: ShareChannel, error: unknown): AppError {
  if (error instanceof DeliveryError && error.reason === 'recipient_rejected') {
    return new AppError(
      'validation_failed',
      channel === 'email'
        ? 'The e-mail service refused this address. Please check it and try again.'
        : 'The text message service refused this number. Please check it and try again.',
      { reason: error.reason },
    );
  }
  return new AppError('delivery_failed', `${SHARE_MESSAGES.sendFailed}. Please try again in a moment.`, {
    reason: error instanceof DeliveryError ? error.reason : 'unknown',
  });
}

/**
 * POST /api/verification/send: the share of this checklist for this contact (made on first send,
 * reused after), a fresh code, and the message with the link. `newLink` (or sending again after a
 * revoke) gives the share a new token: the old link stops working and the browsers verified through
 * it lose their access.
 */
export async function sendShareCode(
  context: SharingContext,
  access: OwnerAccess,
  input: ShareSendData,
  now = new Date(),
): Promise<CodeSent> {
  const { db, secrets } = context;
  const checklist = await ownedChecklistWithOwner(db, access.userId, input.checklistId);
  if (!checklist) throw checklistNotFound();
  const allowed = PLAN_LIMITS[checklist.tier].allowedLanguages;
  if (!allowed.includes(input.targetLanguage)) {
    throw new AppError('plan_limit_reached', SHARE_MESSAGES.languageNotInPlan, { allowedLanguages: allowed });
  }
  const channel: ShareChannel = input.email ? 'email' : 'sms';
  const contact = (input.email ?? input.phone) as string;

  const fresh = secrets.newToken();
  await insertShareIfAbsent(db, {
    id: newId('share'),
    checklistId: input.checklistId,
    recipientId: newId('recipient'),
    recipientName: input.recipientName ?? null,
    channel,
    contact,
    targetLanguage: input.targetLanguage,
    tokenHash: fresh.tokenHash,
    tokenSealed: fresh.tokenSealed,
  });
  const existing = await shareForContact(db, input.checklistId, channel, contact);
  if (!existing) throw new Error('share upsert found nothing');

  await assertSendAllowance(db, access.userId, existing.id, now);
  // A share made by this very call already has the fresh token.
  // A locked link is never sent again: sending to a locked share gives it a new one (that unlocks it).
  const replaceToken =
    (input.newLink || existing.revokedAt !== null || existing.linkLockedAt !== null) &&
    existing.tokenHash !== fresh.tokenHash;
  await claimCodeSlotOrWait(db, existing, now, replaceToken);
  const token = replaceToken ? secrets.newToken() : null;
  const share = await updateShare(db, existing.id, {
    targetLanguage: input.targetLanguage,
    ...(input.recipientName ? { recipientName: input.recipientName } : {}),
    ...(token ? { ...NEW_LINK, tokenHash: token.tokenHash, tokenSealed: token.tokenSealed } : {}),
  });
  if (!share) throw new Error('share update found nothing');
  if (token) await deleteGrantsOfShare(db, share.id);

  return deliverCode(context, {
    share,
    token: secrets.unsealToken(share.tokenSealed),
    ownerId: access.userId,
    ownerName: ownerNameOf({ displayName: checklist.ownerName, email: checklist.email }),
    checklistName: checklist.name,
    now,
  });
}

/**
 * POST /api/verification/resend: a new code to the contact the owner chose (never another one), for
 * anyone holding the link: throttled per share and counted against the owner's hourly allowance.
 */
export async function resendShareCode(
  context: SharingContext,
  token: string,
  now = new Date(),
): Promise<CodeSent> {
  const found = await liveShareByToken(context.db, context.secrets.tokenHash(token));
  if (!found) throw shareNotFound();
  const { share } = found;
  // No new code on a locked link: it would open nothing (the owner sends a new link).
  if (share.linkLockedAt) throw linkLocked();
  await assertSendAllowance(context.db, found.ownerId, share.id, now);
  await claimCodeSlotOrWait(context.db, share, now, false);
  return deliverCode(context, {
    share,
    token,
    ownerId: found.ownerId,
    ownerName: ownerNameOf({ displayName: found.ownerName, email: found.ownerEmail }),
    checklistName: found.checklistName,
    now,
  });
}
