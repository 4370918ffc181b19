import { CODE_NOT_RECEIVED_MESSAGES, NOTIFICATION_LIMITS } from '#domain/notification-texts';
import { claimCodeMissingNotice } from '../repositories/notifications.ts';
import { type SharingContext, shareNotFound } from './share-delivery.ts';
import { rateLimited } from './share-send-limits.ts';

const INTERVAL_MS = NOTIFICATION_LIMITS.codeNotReceivedIntervalMinutes * 60_000;

/**
 * POST /api/verification/code-not-received: a recipient with the link but no code says so, and the
 * owner is told (in the app; by e-mail unless turned off), who can send a new code or change the
 * contact. Whoever holds the link can ask, so it is held to one notice per share per 30 minutes (the
 * route adds a per-address limit): the owner cannot be flooded through it.
 */
export async function reportCodeNotReceived(
  context: SharingContext,
  token: string,
  now = new Date(),
): Promise<{ ok: true }> {
  const earliest = new Date(now.getTime() - INTERVAL_MS);
  const share = await claimCodeMissingNotice(context.db, context.secrets.tokenHash(token), now, earliest);
  if (!share) throw shareNotFound();
  if (!share.claimed) {
    const last = share.codeMissingNotedAt?.getTime() ?? now.getTime();
    throw rateLimited(CODE_NOT_RECEIVED_MESSAGES.tooSoon, (last + INTERVAL_MS - now.getTime()) / 1000);
  }
  await context.notifier.notify(
    { kind: 'code_not_received', checklistId: share.checklistId, shareId: share.id },
    now,
  );
  return { ok: true };
}
