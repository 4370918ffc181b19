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
import { recordActivity } from '../repositories/activity.ts';
import { ownedChecklistWithOwner } from '../repositories/checklists.ts';
import {
  type CodeSendRecord,
  claimCodeSlot,
  type ShareBeforeSend,
  storeCode,
  undoUndeliveredSend,
} from '../repositories/share-code-sends.ts';
import { deleteGrantsOfShare } from '../repositories/share-grants.ts';
import {
  insertShareIfAbsent,
  liveShareByToken,
  type ShareRow,
  shareForContact,
  updateShare,
} from '../repositories/shares.ts';
import type { OwnerNotifier } from './owner-notifications.ts';
import type { ShareSecrets } from './share-secrets.ts';
import {
  assertSendAllowance,
  assertSmsDestination,
  type CodeRequester,
  rateLimited,
  type SendRequest,
  type SmsPolicy,
} from './share-send-limits.ts';

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
  /** Where codes may be texted and how many (SMS_ALLOWED_COUNTRIES, SMS_MAX_PER_HOUR). */
  sms: SmsPolicy;
  /** Starts translating the checklist into the share's language (not awaited; services/shared-translation.ts). */
  warmTranslation?: (checklistId: string, language: LanguageCode) => void;
  /** Tells the owner of a locked link or a recipient who got no code (services/owner-notifications.ts). */
  notifier: OwnerNotifier;
  /** Where a notice that could not be sent is reported (the owner's link-locked e-mail). */
  log?: { error(details: object, message: string): void };
}

/** What a new link starts with: not revoked, not locked, all its wrong tries ahead of it. */
const NEW_LINK = { revokedAt: null, linkLockedAt: null, linkWrongTries: 0 } as const;

/**
 * The link took its last wrong code (SHARE_LIMITS.linkMaxWrongTries): no code opens it and none is
 * sent to it again; only a new link from the owner. No Retry-After: no wait helps.
 */
export function linkLocked(): AppError {
  return new AppError('code_locked', SHARE_MESSAGES.linkLocked, { linkLocked: true });
}

export function shareNotFound(): AppError {
  return new AppError('share_not_found', SHARE_MESSAGES.shareNotFound);
}

/**
 * Claims the right to send this share a new code: at most one every 30 s (unless `force`, for a new
 * link). The previous code dies here (or comes back, if the new one is not delivered).
 */
async function claimCodeSlotOrWait(tx: Database, share: ShareRow, now: Date, force: boolean) {
  const earliest = new Date(now.getTime() - SHARE_LIMITS.resendIntervalSeconds * 1000);
  if (await claimCodeSlot(tx, share.id, now, earliest, force)) return;
  const wait = share.codeRequestedAt
    ? (share.codeRequestedAt.getTime() + SHARE_LIMITS.resendIntervalSeconds * 1000 - now.getTime()) / 1000
    : SHARE_LIMITS.resendIntervalSeconds;
  throw rateLimited(SHARE_MESSAGES.resendTooSoon, wait);
}

/** A code made, hashed and recorded (in the send's transaction), not yet delivered. */
interface PreparedCode {
  share: ShareRow;
  sendId: string;
  code: string;
  codeHash: string;
  codeExpiresAt: Date;
  /** The share as it was, to put back if the message fails; null when this send made the share. */
  before: ShareBeforeSend | null;
}

/** Inside the send's transaction: a new code for the share, its hash stored and the send recorded. */
async function prepareCode(
  context: SharingContext,
  tx: Database,
  share: ShareRow,
  before: ShareBeforeSend | null,
  send: { ownerId: string; now: Date; record: CodeSendRecord },
): Promise<PreparedCode> {
  const code = context.secrets.newCode();
  const codeHash = context.secrets.codeHash(share.id, code);
  const codeExpiresAt = new Date(send.now.getTime() + SHARE_LIMITS.codeValidMinutes * 60_000);
  const sendId = newId('send');
  const stored = { id: sendId, hash: codeHash, expiresAt: codeExpiresAt };
  await storeCode(tx, share, send.ownerId, stored, send.record);
  return { share, sendId, code, codeHash, codeExpiresAt, before };
}

interface Delivery {
  prepared: PreparedCode;
  token: string;
  ownerName: string;
  checklistName: string;
}

/**
 * Sends the prepared code with the link. If the carrier refuses, the send is undone (its record,
 * the share it made or the share's previous code and link) before the refusal is answered: a refused
 * send leaves the database as it was, and the owner may try again at once.
 */
async function deliverCode(context: SharingContext, delivery: Delivery): Promise<CodeSent> {
  const { messages } = context;
  const { prepared, token } = delivery;
  const { share } = prepared;
  const language = share.targetLanguage as LanguageCode;
  const content = {
    siteName: context.siteName,
    ownerName: delivery.ownerName,
    checklistName: delivery.checklistName,
    code: prepared.code,
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
    await undoUndeliveredSend(context.db, {
      id: prepared.sendId,
      shareId: share.id,
      codeHash: prepared.codeHash,
      before: prepared.before,
    });
    throw deliveryFailure(share.channel, error);
  }
  context.warmTranslation?.(share.checklistId, language);
  return {
    share,
    token,
    shareUrl: content.shareUrl,
    codeExpiresAt: prepared.codeExpiresAt,
    visibleCode: context.exposeCodes[share.channel] ? prepared.code : null,
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

/** The fields a send may change, as the share had them. */
function beforeSend(share: ShareRow): ShareBeforeSend {
  const { codeHash, codeExpiresAt, codeWrongTries, codeRequestedAt } = share;
  const { tokenHash, tokenSealed, revokedAt, linkLockedAt, linkWrongTries, targetLanguage, recipientName } =
    share;
  return {
    codeHash,
    codeExpiresAt,
    codeWrongTries,
    codeRequestedAt,
    tokenHash,
    tokenSealed,
    revokedAt,
    linkLockedAt,
    linkWrongTries,
    targetLanguage,
    recipientName,
  };
}

/** An owner's send as checked before its transaction, with the token a share made by it gets. */
interface OwnerSend {
  input: ShareSendData;
  channel: ShareChannel;
  contact: string;
  ownerId: string;
  ownerCreatedAt: SendRequest['ownerCreatedAt'];
  fresh: { tokenHash: string; tokenSealed: string };
  requester: CodeRequester;
  now: Date;
}

/**
 * Inside the owner's send's transaction: the share made (with the fresh token) or found, the limits
 * counted, a new link when asked for (or when the share was revoked or locked), and a new code.
 */
async function prepareOwnerSend(
  context: SharingContext,
  tx: Database,
  send: OwnerSend,
): Promise<{ replaceToken: boolean; code: PreparedCode }> {
  const { input, channel, contact, fresh, now } = send;
  await insertShareIfAbsent(tx, {
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
  const existing = await shareForContact(tx, input.checklistId, channel, contact);
  if (!existing) throw new Error('share upsert found nothing');
  const made = existing.tokenHash === fresh.tokenHash;

  const record = await assertSendAllowance(
    tx,
    context.sms,
    {
      channel,
      destination: contact,
      ownerId: send.ownerId,
      ownerCreatedAt: send.ownerCreatedAt,
      checklistId: input.checklistId,
      shareId: existing.id,
      requestedBy: 'owner',
      requester: send.requester,
    },
    now,
  );
  // A share made by this very call already has the fresh token.
  // A locked link is never sent again: sending to a locked share gives it a new one (that unlocks it).
  const replaceToken =
    !made && (input.newLink || existing.revokedAt !== null || existing.linkLockedAt !== null);
  await claimCodeSlotOrWait(tx, existing, now, replaceToken);
  const token = replaceToken ? context.secrets.newToken() : null;
  const share = await updateShare(tx, existing.id, {
    targetLanguage: input.targetLanguage,
    ...(input.recipientName ? { recipientName: input.recipientName } : {}),
    ...(token ? { ...NEW_LINK, tokenHash: token.tokenHash, tokenSealed: token.tokenSealed } : {}),
  });
  if (!share) throw new Error('share update found nothing');
  const before = made ? null : beforeSend(existing);
  const code = await prepareCode(context, tx, share, before, { ownerId: send.ownerId, now, record });
  return { replaceToken, code };
}

/**
 * POST /api/verification/send: the share of this checklist for this contact (made on first send,
 * reused after), a fresh code, and the message with the link. `newLink` (or sending again after a
 * revoke) gives the share a new token: the old link stops working and the browsers verified through
 * it lose their access. Every check, the share and the code's record are one transaction before the
 * message goes; a refusal at any step, the carrier's included, leaves no share and no send behind.
 */
export async function sendShareCode(
  context: SharingContext,
  access: OwnerAccess,
  input: ShareSendData,
  requester: CodeRequester,
  now = new Date(),
): Promise<CodeSent> {
  const { db, secrets } = context;
  const checklist = await ownedChecklistWithOwner(db, access, input.checklistId);
  if (!checklist) throw checklistNotFound();
  const allowed = PLAN_LIMITS[checklist.tier].allowedLanguages;
  if (!allowed.includes(input.targetLanguage)) {
    throw new AppError('plan_limit_reached', SHARE_MESSAGES.languageNotInPlan, { allowedLanguages: allowed });
  }
  const channel: ShareChannel = input.email ? 'email' : 'sms';
  const contact = (input.email ?? input.phone) as string;
  if (channel === 'sms') assertSmsDestination(contact, context.sms);

  const fresh = secrets.newToken();
  const prepared = await db.transaction((tx) =>
    prepareOwnerSend(context, tx, {
      input,
      channel,
      contact,
      ownerId: access.userId,
      ownerCreatedAt: checklist.ownerCreatedAt,
      fresh,
      requester,
      now,
    }),
  );

  const { share } = prepared.code;
  const sent = await deliverCode(context, {
    prepared: prepared.code,
    token: secrets.unsealToken(share.tokenSealed),
    ownerName: ownerNameOf({ displayName: checklist.ownerName, email: checklist.email }),
    checklistName: checklist.name,
  });
  // Only once the new link is out do the browsers verified through the old one lose their access.
  if (prepared.replaceToken) await deleteGrantsOfShare(db, share.id);
  // Recorded once the message is out: a send the carrier refused is undone and leaves no entry.
  await recordActivity(db, {
    checklistId: input.checklistId,
    shareId: share.id,
    actorKind: 'owner',
    actorUserId: access.userId,
    action: prepared.replaceToken ? 'link_replaced' : 'share_sent',
  });
  return sent;
}

/**
 * POST /api/verification/resend: a new code to the contact the owner chose (never another one), for
 * anyone holding the link. It counts against the share's own allowance (and, by SMS, the asking
 * address's, the service's, and while the checklist's owner is not yet established the number's
 * shared budget and the newcomers' part of the ceiling: decision 0042), never against the owner's:
 * link holders cannot use up the owner's sending.
 */
export async function resendShareCode(
  context: SharingContext,
  token: string,
  requester: CodeRequester,
  now = new Date(),
): Promise<CodeSent> {
  const { db } = context;
  const prepared = await db.transaction(async (tx) => {
    const found = await liveShareByToken(tx, context.secrets.tokenHash(token));
    if (!found) throw shareNotFound();
    const { share } = found;
    // No new code on a locked link: it would open nothing (the owner sends a new link).
    if (share.linkLockedAt) throw linkLocked();
    // The operator may have narrowed the countries since the share was made.
    if (share.channel === 'sms') assertSmsDestination(share.contact, context.sms);
    const record = await assertSendAllowance(
      tx,
      context.sms,
      {
        channel: share.channel,
        destination: share.contact,
        ownerId: found.ownerId,
        ownerCreatedAt: null,
        checklistId: share.checklistId,
        shareId: share.id,
        requestedBy: 'link',
        requester,
      },
      now,
    );
    await claimCodeSlotOrWait(tx, share, now, false);
    const code = await prepareCode(context, tx, share, beforeSend(share), {
      ownerId: found.ownerId,
      now,
      record,
    });
    return { found, code };
  });
  const { found } = prepared;
  return deliverCode(context, {
    prepared: prepared.code,
    token,
    ownerName: ownerNameOf({ displayName: found.ownerName, email: found.ownerEmail }),
    checklistName: found.checklistName,
  });
}
