import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { maskPhone } from '#domain/phone';
import {
  maskEmail,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type SharedChecklistResponse,
  type VerificationStatus,
  type VerifyResponse,
} from '#domain/sharing';
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, shareGrants, shares, users } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { RecipientAccess } from '../policies/checklists.ts';
import type { ChecklistCache } from './checklist-cache.ts';
import { asSeenBy, readChecklistWithRevision } from './checklists.ts';
import { maskContact, type SharingContext, shareNotFound } from './share-delivery.ts';
import { checklistLanguagesOf, translateChecklist } from './shared-translation.ts';
import type { TranslationService } from './translation.ts';

/**
 * Proving a share: the code check (single use, 10 minutes, 5 tries per code, 15 tries per link per
 * 10 minutes), the grant it gives this browser, and what that grant lets the browser read.
 */

const VERIFY_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

type ShareRow = typeof shares.$inferSelect;

/** 'Jane (j•••e@example.com)', or the masked contact alone: how the record names a recipient. */
export function recipientLabel(share: Pick<ShareRow, 'recipientName' | 'channel' | 'contact'>): string {
  const masked = maskContact(share.channel, share.contact);
  return share.recipientName ? `${share.recipientName} (${masked})` : masked;
}

function verificationRequired(): AppError {
  return new AppError(
    'verification_required',
    'Please verify with the code we sent you to open this checklist.',
  );
}

/**
 * Counts this try against the link's window (15 per 10 minutes) and answers the share as it stands,
 * or 404 share_not_found for an unknown, revoked or replaced link.
 */
async function countVerifyTry(context: SharingContext, token: string, now: Date): Promise<ShareRow> {
  const windowStart = new Date(now.getTime() - VERIFY_WINDOW_MS);
  const fresh = or(isNull(shares.verifyWindowStart), lt(shares.verifyWindowStart, windowStart));
  const [share] = await context.db
    .update(shares)
    .set({
      verifyWindowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${shares.verifyWindowStart} end`,
      verifyWindowCount: sql`case when ${fresh} then 1 else ${shares.verifyWindowCount} + 1 end`,
    })
    .where(and(eq(shares.tokenHash, context.secrets.tokenHash(token)), isNull(shares.revokedAt)))
    .returning();
  if (!share) throw shareNotFound();
  if (share.verifyWindowCount > SHARE_LIMITS.verifyPerTokenPer10Minutes) {
    const retryAfter =
      ((share.verifyWindowStart?.getTime() ?? now.getTime()) + VERIFY_WINDOW_MS - now.getTime()) / 1000;
    throw new AppError(
      'rate_limited',
      'Too many tries on this link. Please wait a few minutes and try again.',
      {
        retryAfter: Math.max(1, Math.ceil(retryAfter)),
      },
    );
  }
  return share;
}

function codeLocked(): AppError {
  return new AppError('code_locked', SHARE_MESSAGES.codeLocked, {
    retryAfter: SHARE_LIMITS.resendIntervalSeconds,
  });
}

/**
 * POST /api/verification/verify. Every try on a live code takes one of its 5 tries before it is
 * compared (so parallel guesses cannot get more), a right code is consumed by exactly one request,
 * and the browser is granted the share for 30 days (or until the link is revoked or replaced).
 */
export async function verifyShareCode(
  context: SharingContext,
  token: string,
  code: string,
  browserHash: string,
  now = new Date(),
): Promise<VerifyResponse> {
  const { db, secrets } = context;
  const share = await countVerifyTry(context, token, now);
  if (share.codeHash === null) {
    throw new AppError('code_invalid', 'This code is no longer valid. Please ask for a new one.', {
      triesLeft: 0,
    });
  }
  if (share.codeWrongTries >= SHARE_LIMITS.codeMaxTries) throw codeLocked();
  if (!share.codeExpiresAt || share.codeExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('code_expired', SHARE_MESSAGES.codeExpired);
  }
  const [claimed] = await db
    .update(shares)
    .set({ codeWrongTries: sql`${shares.codeWrongTries} + 1` })
    .where(
      and(
        eq(shares.id, share.id),
        eq(shares.codeHash, share.codeHash),
        lt(shares.codeWrongTries, SHARE_LIMITS.codeMaxTries),
      ),
    )
    .returning({ tries: shares.codeWrongTries });
  if (!claimed) throw codeLocked();

  if (!secrets.codeMatches(share.id, code, share.codeHash)) {
    const triesLeft = Math.max(0, SHARE_LIMITS.codeMaxTries - claimed.tries);
    const message =
      triesLeft === 0
        ? SHARE_MESSAGES.codeLocked
        : `${SHARE_MESSAGES.codeInvalid} ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
    throw new AppError('code_invalid', message, { triesLeft });
  }
  const consumed = await db
    .update(shares)
    .set({ codeHash: null, codeExpiresAt: null, codeWrongTries: 0 })
    .where(and(eq(shares.id, share.id), eq(shares.codeHash, share.codeHash)))
    .returning({ id: shares.id });
  if (consumed.length === 0) {
    throw new AppError('code_invalid', 'This code is no longer valid. Please ask for a new one.', {
      triesLeft: 0,
    });
  }

  const expiresAt = new Date(now.getTime() + SHARE_LIMITS.accessDays * DAY_MS);
  await db
    .insert(shareGrants)
    .values({ browserHash, shareId: share.id, checklistId: share.checklistId, expiresAt })
    .onConflictDoUpdate({ target: [shareGrants.browserHash, shareGrants.shareId], set: { expiresAt } });
  await db.insert(checklistActivity).values({
    id: newId('activity'),
    checklistId: share.checklistId,
    shareId: share.id,
    actorLabel: recipientLabel(share),
    action: 'verified',
  });
  return {
    verified: true,
    checklistId: share.checklistId,
    recipientId: share.recipientId,
    targetLanguage: share.targetLanguage as LanguageCode,
  };
}

/** This browser's grant on the live share of this token, with the share; null if it has none. */
async function grantFor(context: SharingContext, token: string, browserHash: string) {
  const [row] = await context.db
    .select({ share: shares, expiresAt: shareGrants.expiresAt })
    .from(shares)
    .innerJoin(shareGrants, and(eq(shareGrants.shareId, shares.id), eq(shareGrants.browserHash, browserHash)))
    .where(and(eq(shares.tokenHash, context.secrets.tokenHash(token)), isNull(shares.revokedAt)));
  return row ?? null;
}

/**
 * GET /api/verification/status/{token}: the details only for a browser that verified this link.
 * Any other browser, and any unknown token, gets the same `{verified: false, expired: false}`.
 */
export async function shareStatus(
  context: SharingContext,
  token: string,
  browserHash: string | null,
  now = new Date(),
): Promise<VerificationStatus> {
  const grant = browserHash ? await grantFor(context, token, browserHash) : null;
  if (!grant) return { verified: false, expired: false };
  if (grant.expiresAt.getTime() <= now.getTime()) return { verified: false, expired: true };
  const { share } = grant;
  return {
    verified: true,
    expired: false,
    recipientId: share.recipientId,
    checklistId: share.checklistId,
    targetLanguage: share.targetLanguage as LanguageCode,
    recipientName: share.recipientName,
    maskedEmail: share.channel === 'email' ? maskEmail(share.contact) : null,
    maskedPhone: share.channel === 'sms' ? maskPhone(share.contact) : null,
    maskedContact: maskContact(share.channel, share.contact),
  };
}

/**
 * What a recipient's browser may do with this checklist: the access of a live, verified, unexpired
 * share of it, or null (the caller answers 404 or 401, revealing nothing).
 */
export async function recipientAccessFor(
  db: Database,
  browserHash: string,
  checklistId: string,
  now = new Date(),
): Promise<RecipientAccess | null> {
  const [row] = await db
    .select({
      id: shares.id,
      recipientName: shares.recipientName,
      channel: shares.channel,
      contact: shares.contact,
    })
    .from(shareGrants)
    .innerJoin(shares, eq(shares.id, shareGrants.shareId))
    .where(
      and(
        eq(shareGrants.browserHash, browserHash),
        eq(shareGrants.checklistId, checklistId),
        gt(shareGrants.expiresAt, now),
        isNull(shares.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { kind: 'recipient', checklistId, shareId: row.id, actorLabel: recipientLabel(row) };
}

/**
 * This browser's grant on the live share of this token, with what the shared page names and the
 * languages its texts are written in: one query.
 */
async function sharedGrantFor(context: SharingContext, token: string, browserHash: string) {
  const [row] = await context.db
    .select({
      share: shares,
      expiresAt: shareGrants.expiresAt,
      ownerDisplayName: users.displayName,
      ownerEmail: users.email,
      ownerLanguage: users.language,
      remarksLanguage: checklists.remarksLanguage,
    })
    .from(shares)
    .innerJoin(shareGrants, and(eq(shareGrants.shareId, shares.id), eq(shareGrants.browserHash, browserHash)))
    .innerJoin(checklists, eq(checklists.id, shares.checklistId))
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(and(eq(shares.tokenHash, context.secrets.tokenHash(token)), isNull(shares.revokedAt)));
  return row ?? null;
}

export interface SharedReadOptions {
  translation: TranslationService;
  /** `?lang=`: the page's language instead of the share's. */
  lang?: LanguageCode | undefined;
  /** Told when a translation this answer lacked lands (the page is told to refetch). */
  onTranslationLanded?: (checklistId: string, language: LanguageCode) => void;
}

/**
 * GET /api/shared/checklist?token=&lang=: only for a browser verified on this live link. The owner's
 * texts come in the page's language when an engine has the pair (within TRANSLATION_LIMITS.waitMs).
 */
export async function readSharedChecklist(
  context: SharingContext,
  cache: ChecklistCache,
  token: string,
  browserHash: string | null,
  options: SharedReadOptions,
  now = new Date(),
): Promise<SharedChecklistResponse> {
  const grant = browserHash ? await sharedGrantFor(context, token, browserHash) : null;
  if (!grant || grant.expiresAt.getTime() <= now.getTime()) throw verificationRequired();
  const { share } = grant;
  const access: RecipientAccess = {
    kind: 'recipient',
    checklistId: share.checklistId,
    shareId: share.id,
    actorLabel: recipientLabel(share),
  };
  const read = await readChecklistWithRevision(context.db, access, share.checklistId);
  if (!read) throw shareNotFound();
  cache.remember(read.ownerId, read.revision, read.checklist);
  const targetLanguage = share.targetLanguage as LanguageCode;
  const language = options.lang ?? targetLanguage;
  const notify = options.onTranslationLanded;
  const shown = await translateChecklist(
    options.translation,
    asSeenBy(access, read.checklist),
    checklistLanguagesOf(grant),
    language,
    notify
      ? { key: `${share.checklistId}|${language}`, notify: () => notify(share.checklistId, language) }
      : undefined,
  );
  return {
    success: true,
    ...shown,
    targetLanguage,
    ownerName: grant.ownerDisplayName || grant.ownerEmail.split('@')[0] || 'The owner',
    recipientName: share.recipientName,
    maskedContact: maskContact(share.channel, share.contact),
    message: SHARE_MESSAGES.loadedToast,
  };
}
