import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { SHARE_LIMITS, SHARE_MESSAGES, type VerificationStatus, type VerifyResponse } from '#domain/sharing';
import type { RecipientAccess } from '../policies/checklists.ts';
import { asSeenBy, presentSharedChecklist } from '../presenters/checklists.ts';
import { presentVerifiedStatus, recipientLabel } from '../presenters/shares.ts';
import { recordActivity } from '../repositories/activity.ts';
import { announce } from '../repositories/change-notices.ts';
import {
  consumeCode,
  countVerifyTry,
  linkLockState,
  lockLink,
  takeCodeTry,
} from '../repositories/share-codes.ts';
import { grantByToken, moveGrants, upsertGrant } from '../repositories/share-grants.ts';
import type { ShareRow } from '../repositories/shares.ts';
import { type ChecklistCache, keepDerived } from './checklist-cache.ts';
import { type ChecklistBodyAt, readChecklistWithRevision } from './checklists.ts';
import { linkLocked, type SharingContext, shareNotFound } from './share-delivery.ts';
import { checklistLanguagesOf, translateChecklist } from './shared-translation.ts';
import type { TranslationService } from './translation.ts';

/**
 * Proving a share: the code check (single use, 10 minutes, 5 tries per code, 20 wrong ones per link
 * across its codes, 15 tries per link per 10 minutes), the grant it gives this browser (under a new
 * recipient cookie), and what that grant lets the browser read.
 */

const VERIFY_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

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
async function countVerifyTryOrRefuse(context: SharingContext, token: string, now: Date): Promise<ShareRow> {
  const share = await countVerifyTry(context.db, context.secrets.tokenHash(token), now, VERIFY_WINDOW_MS);
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

function codeNoLongerValid(): AppError {
  return new AppError('code_invalid', 'This code is no longer valid. Please ask for a new one.', {
    triesLeft: 0,
  });
}

/** The recipient cookie's hashes around a verification: the one the browser brought, the new one. */
export interface BrowserNames {
  /** The hash of the cookie the browser sent, or null. */
  previous: string | null;
  /** The hash of the new cookie it is given once its code is right. */
  next: string;
}

/**
 * POST /api/verification/verify. Every try on a live code takes one of its 5 tries, and one of the
 * link's 20 (SHARE_LIMITS.linkMaxWrongTries, across its codes), before it is compared (so parallel
 * guesses cannot get more); the link's last wrong try locks it and tells the owner. A right code is
 * consumed by exactly one request, and the browser is granted the share for 30 days (or until the
 * link is revoked or replaced) under a new cookie: its grants of other shares move to it, and the
 * cookie it brought (perhaps planted by someone else) grants nothing any more.
 */
export async function verifyShareCode(
  context: SharingContext,
  token: string,
  code: string,
  browser: BrowserNames,
  now = new Date(),
): Promise<VerifyResponse> {
  const { db, secrets } = context;
  const share = await countVerifyTryOrRefuse(context, token, now);
  if (share.linkLockedAt) throw linkLocked();
  if (share.codeHash === null) throw codeNoLongerValid();
  if (share.codeWrongTries >= SHARE_LIMITS.codeMaxTries) throw codeLocked();
  if (!share.codeExpiresAt || share.codeExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('code_expired', SHARE_MESSAGES.codeExpired);
  }
  const taken = await takeCodeTry(db, share.id, share.codeHash);
  if (taken === undefined) {
    const state = await linkLockState(db, share.id);
    const linkSpent = state && (state.linkLockedAt || state.linkWrongTries >= SHARE_LIMITS.linkMaxWrongTries);
    throw linkSpent ? linkLocked() : codeLocked();
  }

  if (!secrets.codeMatches(share.id, code, share.codeHash)) {
    if (taken.linkTries >= SHARE_LIMITS.linkMaxWrongTries) {
      await lockLinkAndTellOwner(context, share.id, now);
      throw linkLocked();
    }
    const triesLeft = Math.max(0, SHARE_LIMITS.codeMaxTries - taken.tries);
    const message =
      triesLeft === 0
        ? SHARE_MESSAGES.codeLocked
        : `${SHARE_MESSAGES.codeInvalid} ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
    throw new AppError('code_invalid', message, { triesLeft });
  }
  // The code is used up, the browser granted and the record written together, or none of them.
  const codeHash = share.codeHash;
  await db.transaction(async (tx) => {
    if (!(await consumeCode(tx, share.id, codeHash))) throw codeNoLongerValid();
    if (browser.previous) await moveGrants(tx, browser.previous, browser.next);
    const expiresAt = new Date(now.getTime() + SHARE_LIMITS.accessDays * DAY_MS);
    await upsertGrant(tx, {
      browserHash: browser.next,
      shareId: share.id,
      checklistId: share.checklistId,
      expiresAt,
    });
    await recordActivity(tx, {
      checklistId: share.checklistId,
      shareId: share.id,
      action: 'share_verified',
    });
    // At commit: the owner's open checklist shows the share verified and the trail's new entry.
    await announce(tx, { kind: 'shares', checklistId: share.checklistId });
  });
  return {
    verified: true,
    checklistId: share.checklistId,
    recipientId: share.recipientId,
    targetLanguage: share.targetLanguage as LanguageCode,
  };
}

/**
 * Locks the link; the request that did it (one, however many raced) tells the owner: in the app, and
 * by e-mail unless they turned that kind off (decision 0024). The lock stands whether or not the
 * notice goes out: a failure is logged, the share list still shows it.
 */
async function lockLinkAndTellOwner(context: SharingContext, shareId: string, now: Date): Promise<void> {
  const locked = await lockLink(context.db, shareId, now);
  if (!locked) return;
  try {
    await context.notifier.notify({ kind: 'link_locked', checklistId: locked.share.checklistId, shareId });
  } catch (error) {
    context.log?.error({ err: error, shareId }, 'sharing: the link-locked notice to the owner failed');
  }
  // The owner's open checklist shows the lock; its failure never costs the owner the e-mail above.
  await announce(context.db, { kind: 'shares', checklistId: locked.share.checklistId }).catch(
    (error: unknown) =>
      context.log?.error({ err: error, shareId }, 'sharing: the link-locked change was not announced'),
  );
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
  const grant = browserHash
    ? await grantByToken(context.db, context.secrets.tokenHash(token), browserHash, now)
    : undefined;
  if (!grant) return { verified: false, expired: false };
  if (!grant.unexpired) return { verified: false, expired: true };
  return presentVerifiedStatus(grant.share);
}

export interface SharedReadOptions {
  translation: TranslationService;
  /** `?lang=`: the page's language instead of the share's. */
  lang?: LanguageCode | undefined;
  /** Told when a translation this answer lacked lands (the page is told to refetch). */
  onTranslationLanded?: (checklistId: string, language: LanguageCode) => void;
  /** The longest to wait for the engine (TRANSLATION_LIMITS.waitMs unless said). */
  translationWaitMs?: number;
}

/**
 * How long a verified recipient's page waits for the engine, when a text of the checklist has no
 * translation yet (the owner changed it since the share warmed them): the page itself waits, not its
 * skeleton, so not the API's 2 s. It comes with the texts as written and 'pending', asks again every
 * 2 s, and the live connection says when the translation lands, as after any pending answer.
 */
export const SHARED_PAGE_TRANSLATION_WAIT_MS = 300;

/** What the grant's query found for a browser verified on a live link (repositories/share-grants.ts). */
type LiveGrant = NonNullable<Awaited<ReturnType<typeof grantByToken>>>;

async function liveGrantOf(
  context: SharingContext,
  token: string,
  browserHash: string | null,
  now: Date,
): Promise<LiveGrant | null> {
  const grant = browserHash
    ? await grantByToken(context.db, context.secrets.tokenHash(token), browserHash, now)
    : undefined;
  return grant?.unexpired ? grant : null;
}

/**
 * GET /api/shared/checklist?token=&lang=: only for a browser verified on this live link, as the JSON
 * body to send (presenters/checklists.ts `presentSharedChecklist`). The owner's texts come in the page's
 * language when an engine has the pair (within TRANSLATION_LIMITS.waitMs). One round trip when the
 * read cache holds the checklist's current revision (the grant's query finds it), two otherwise; an
 * answer with nothing machine-translated or pending is kept with that revision in the cache, so the
 * next read of the same share and language sends it again as it is (docs/decisions/0015). With the
 * revision of the checklist's state it shows.
 */
export async function readSharedChecklistBody(
  context: SharingContext,
  cache: ChecklistCache,
  token: string,
  browserHash: string | null,
  options: SharedReadOptions,
  now = new Date(),
): Promise<ChecklistBodyAt> {
  const grant = await liveGrantOf(context, token, browserHash, now);
  if (!grant) throw verificationRequired();
  return sharedChecklistBody(context, cache, grant, options);
}

/** The first two answers of a verified recipient's shared page, as its two first asks would get them. */
export interface SharedPageAnswers {
  /** GET /api/verification/status/{token}. */
  status: VerificationStatus;
  /** The page's language: `?lang=`, else the share's own (the page's script picks the same). */
  language: LanguageCode;
  /** GET /api/shared/checklist?token=&lang={language}: its JSON body, as sent. */
  checklistBody: string;
  /** The revision of the checklist's state that body holds (that answer's X-Checklist-Revision). */
  revision: number;
}

/**
 * A verified recipient's shared page, opened again (docs/decisions/0016): the status and the
 * checklist its script would ask for first, read under the same grant and access checks as those
 * two routes (one read of the grant for both), the same presenters; only the wait for a translation
 * not done yet is shorter (SHARED_PAGE_TRANSLATION_WAIT_MS). Null for any browser the status would
 * answer `verified: false` (no grant on this link, an expired one, a revoked or replaced link).
 */
export async function readSharedPageAnswers(
  context: SharingContext,
  cache: ChecklistCache,
  token: string,
  browserHash: string | null,
  options: SharedReadOptions,
  now = new Date(),
): Promise<SharedPageAnswers | null> {
  const grant = await liveGrantOf(context, token, browserHash, now);
  if (!grant) return null;
  const language = options.lang ?? (grant.share.targetLanguage as LanguageCode);
  const { body, revision } = await sharedChecklistBody(context, cache, grant, {
    translationWaitMs: SHARED_PAGE_TRANSLATION_WAIT_MS,
    ...options,
    lang: language,
  });
  return { status: presentVerifiedStatus(grant.share), language, checklistBody: body, revision };
}

async function sharedChecklistBody(
  context: SharingContext,
  cache: ChecklistCache,
  grant: LiveGrant,
  options: SharedReadOptions,
): Promise<ChecklistBodyAt> {
  const { share } = grant;
  const access: RecipientAccess = {
    kind: 'recipient',
    checklistId: share.checklistId,
    shareId: share.id,
    actorLabel: recipientLabel(share),
  };
  // The checklist as cached at the revision the grant's query found, else read (docs/decisions/0004).
  let held = cache.at(share.checklistId, grant.revision);
  if (!held || held.teamId !== grant.teamId) {
    const read = await readChecklistWithRevision(context.db, access, share.checklistId);
    if (!read) throw shareNotFound();
    held = cache.remember(read.teamId, read.revision, read.checklist);
  }
  const targetLanguage = share.targetLanguage as LanguageCode;
  const language = options.lang ?? targetLanguage;
  const owner = { displayName: grant.ownerDisplayName, email: grant.ownerEmail };
  // Everything else the answer says, so a kept one is only ever sent for the same share as it is now.
  const key = JSON.stringify([
    share.id,
    language,
    share.targetLanguage,
    share.recipientName,
    share.channel,
    share.contact,
    owner.displayName,
    owner.email,
    grant.ownerLanguage,
    grant.remarksLanguage,
  ]);
  const { revision } = held;
  const kept = held.derived?.get(key);
  if (kept !== undefined) return { body: kept, revision };
  const notify = options.onTranslationLanded;
  const shown = await translateChecklist(
    options.translation,
    asSeenBy(access.kind, held.checklist),
    checklistLanguagesOf(grant),
    language,
    notify
      ? { key: `${share.checklistId}|${language}`, notify: () => notify(share.checklistId, language) }
      : undefined,
    options.translationWaitMs,
  );
  const body = JSON.stringify(presentSharedChecklist({ shown, share, owner }));
  // A translation may land later (then this answer would be stale): only plain answers are kept.
  if (!shown.translated && !shown.translationNote) keepDerived(held, key, body);
  return { body, revision };
}
