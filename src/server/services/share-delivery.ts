import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { maskPhone } from '#domain/phone';
import { PLAN_LIMITS } from '#domain/plans';
import { buildShareVerificationEmail, buildShareVerificationSms } from '#domain/share-messages';
import {
  maskEmail,
  type ResendResponse,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareChannel,
  type ShareResponse,
  shareLink,
} from '#domain/sharing';
import type { ShareSendData } from '#domain/sharing-input';
import { DeliveryError } from '../adapters/messaging/delivery-error.ts';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import type { Database } from '../db/client.ts';
import { checklists, shareCodeSends, shareGrants, shares, users } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
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
}

type ShareRow = typeof shares.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
/** Codes one share may be sent per hour (anyone holding the link can ask for a resend). */
const SENDS_PER_SHARE_PER_HOUR = 6;

export function maskContact(channel: ShareChannel, contact: string): string {
  return channel === 'email' ? maskEmail(contact) : maskPhone(contact);
}

function shareNotFound(): AppError {
  return new AppError('share_not_found', SHARE_MESSAGES.shareNotFound);
}

function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', message, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** The owner's hourly allowance of codes (SMS costs money), and the share's. */
async function assertSendAllowance(db: Database, ownerId: string, shareId: string | null, now: Date) {
  const since = new Date(now.getTime() - HOUR_MS);
  const [byOwner] = await db
    .select({ n: count(), oldest: sql<string>`min(${shareCodeSends.sentAt})` })
    .from(shareCodeSends)
    .where(and(eq(shareCodeSends.ownerId, ownerId), gt(shareCodeSends.sentAt, since)));
  const retryAfter = (oldest: string | null | undefined) =>
    oldest ? (new Date(oldest).getTime() + HOUR_MS - now.getTime()) / 1000 : 60;
  if ((byOwner?.n ?? 0) >= SHARE_LIMITS.ownerSendsPerHour) {
    throw rateLimited(SHARE_MESSAGES.ownerSendLimit, retryAfter(byOwner?.oldest));
  }
  if (!shareId) return;
  const [byShare] = await db
    .select({ n: count(), oldest: sql<string>`min(${shareCodeSends.sentAt})` })
    .from(shareCodeSends)
    .where(and(eq(shareCodeSends.shareId, shareId), gt(shareCodeSends.sentAt, since)));
  if ((byShare?.n ?? 0) >= SENDS_PER_SHARE_PER_HOUR) {
    throw rateLimited(SHARE_MESSAGES.resendTooSoon, retryAfter(byShare?.oldest));
  }
}

/**
 * Claims the right to send this share a new code: at most one every 30 s (unless `force`, for a new
 * link). The previous code dies here, whether or not the new one is delivered.
 */
async function claimCodeSlot(db: Database, share: ShareRow, now: Date, force: boolean) {
  const earliest = new Date(now.getTime() - SHARE_LIMITS.resendIntervalSeconds * 1000);
  const claimed = await db
    .update(shares)
    .set({ codeRequestedAt: now, codeHash: null, codeExpiresAt: null, codeWrongTries: 0 })
    .where(
      and(
        eq(shares.id, share.id),
        force ? undefined : or(isNull(shares.codeRequestedAt), lte(shares.codeRequestedAt, earliest)),
      ),
    )
    .returning({ id: shares.id });
  if (claimed.length === 0) {
    const wait = share.codeRequestedAt
      ? (share.codeRequestedAt.getTime() + SHARE_LIMITS.resendIntervalSeconds * 1000 - now.getTime()) / 1000
      : SHARE_LIMITS.resendIntervalSeconds;
    throw rateLimited(SHARE_MESSAGES.resendTooSoon, wait);
  }
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
async function deliverCode(context: SharingContext, delivery: Delivery) {
  const { db, secrets, messages } = context;
  const { share, token, now } = delivery;
  const code = secrets.newCode();
  const codeHash = secrets.codeHash(share.id, code);
  const codeExpiresAt = new Date(now.getTime() + SHARE_LIMITS.codeValidMinutes * 60_000);
  await db.update(shares).set({ codeHash, codeExpiresAt, codeWrongTries: 0 }).where(eq(shares.id, share.id));
  await db
    .insert(shareCodeSends)
    .values({ id: newId('send'), ownerId: delivery.ownerId, shareId: share.id, channel: share.channel });

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
    await db
      .update(shares)
      .set({ codeHash: null, codeExpiresAt: null, codeRequestedAt: null })
      .where(and(eq(shares.id, share.id), eq(shares.codeHash, codeHash)));
    throw deliveryFailure(share.channel, error);
  }
  return { code, codeExpiresAt, shareUrl: content.shareUrl };
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

/** The owner's checklist with what the message names, or 404. */
async function ownedChecklist(db: Database, access: OwnerAccess, checklistId: string) {
  const [row] = await db
    .select({ name: checklists.name, ownerName: users.displayName, email: users.email, tier: users.tier })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(and(eq(checklists.id, checklistId), eq(checklists.userId, access.userId)));
  if (!row) throw checklistNotFound();
  return { ...row, ownerName: row.ownerName || row.email.split('@')[0] || 'The owner' };
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
): Promise<ShareResponse> {
  const { db, secrets } = context;
  const checklist = await ownedChecklist(db, access, input.checklistId);
  const allowed = PLAN_LIMITS[checklist.tier].allowedLanguages;
  if (!allowed.includes(input.targetLanguage)) {
    throw new AppError('plan_limit_reached', SHARE_MESSAGES.languageNotInPlan, { allowedLanguages: allowed });
  }
  const channel: ShareChannel = input.email ? 'email' : 'sms';
  const contact = (input.email ?? input.phone) as string;

  const fresh = secrets.newToken();
  await db
    .insert(shares)
    .values({
      id: newId('share'),
      checklistId: input.checklistId,
      recipientId: newId('recipient'),
      recipientName: input.recipientName ?? null,
      channel,
      contact,
      targetLanguage: input.targetLanguage,
      tokenHash: fresh.tokenHash,
      tokenSealed: fresh.tokenSealed,
    })
    .onConflictDoNothing({ target: [shares.checklistId, shares.channel, shares.contact] });
  const [existing] = await db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.checklistId, input.checklistId),
        eq(shares.channel, channel),
        eq(shares.contact, contact),
      ),
    );
  if (!existing) throw new Error('share upsert found nothing');

  await assertSendAllowance(db, access.userId, existing.id, now);
  // A share made by this very call already has the fresh token.
  const replaceToken =
    (input.newLink || existing.revokedAt !== null) && existing.tokenHash !== fresh.tokenHash;
  await claimCodeSlot(db, existing, now, replaceToken);
  const token = replaceToken ? secrets.newToken() : null;
  const [share] = await db
    .update(shares)
    .set({
      targetLanguage: input.targetLanguage,
      ...(input.recipientName ? { recipientName: input.recipientName } : {}),
      ...(token ? { tokenHash: token.tokenHash, tokenSealed: token.tokenSealed, revokedAt: null } : {}),
    })
    .where(eq(shares.id, existing.id))
    .returning();
  if (!share) throw new Error('share update found nothing');
  if (token) await db.delete(shareGrants).where(eq(shareGrants.shareId, share.id));

  const linkToken = secrets.unsealToken(share.tokenSealed);
  const sent = await deliverCode(context, {
    share,
    token: linkToken,
    ownerId: access.userId,
    ownerName: checklist.ownerName,
    checklistName: checklist.name,
    now,
  });
  context.warmTranslation?.(share.checklistId, share.targetLanguage as LanguageCode);
  return {
    shareUrl: sent.shareUrl,
    token: linkToken,
    shareId: share.id,
    recipientId: share.recipientId,
    channel,
    maskedEmail: channel === 'email' ? maskEmail(contact) : null,
    maskedPhone: channel === 'sms' ? maskPhone(contact) : null,
    codeExpiresAt: sent.codeExpiresAt.toISOString(),
    ...(context.exposeCodes[channel] ? { verificationCode: sent.code } : {}),
  };
}

/** A live share by its link's token, with its checklist's owner; null when unknown or revoked. */
export async function liveShareByToken(context: SharingContext, token: string) {
  const [row] = await context.db
    .select({
      share: shares,
      ownerId: checklists.userId,
      checklistName: checklists.name,
      ownerName: users.displayName,
      ownerEmail: users.email,
    })
    .from(shares)
    .innerJoin(checklists, eq(checklists.id, shares.checklistId))
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(and(eq(shares.tokenHash, context.secrets.tokenHash(token)), isNull(shares.revokedAt)));
  if (!row) return null;
  return { ...row, ownerName: row.ownerName || row.ownerEmail.split('@')[0] || 'The owner' };
}

/**
 * POST /api/verification/resend: a new code to the contact the owner chose (never another one), for
 * anyone holding the link: throttled per share and counted against the owner's hourly allowance.
 */
export async function resendShareCode(
  context: SharingContext,
  token: string,
  now = new Date(),
): Promise<ResendResponse> {
  const found = await liveShareByToken(context, token);
  if (!found) throw shareNotFound();
  const { share } = found;
  await assertSendAllowance(context.db, found.ownerId, share.id, now);
  await claimCodeSlot(context.db, share, now, false);
  const sent = await deliverCode(context, {
    share,
    token,
    ownerId: found.ownerId,
    ownerName: found.ownerName,
    checklistName: found.checklistName,
    now,
  });
  context.warmTranslation?.(share.checklistId, share.targetLanguage as LanguageCode);
  return {
    sent: true,
    maskedContact: maskContact(share.channel, share.contact),
    codeExpiresAt: sent.codeExpiresAt.toISOString(),
    ...(context.exposeCodes[share.channel] ? { verificationCode: sent.code } : {}),
  };
}

export { shareNotFound };
