import { z } from 'zod';
import { type Checklist, ID_MAX } from './checklist.ts';
import type { ErrorCode } from './errors.ts';
import type { LanguageCode } from './languages.ts';

/**
 * Realtime messages over the WebSocket at /ws (spec sections 3 and 7), shared by server and client.
 * The spec's two are `{type: 'subscribe', checklistId}` (client to server) and
 * `{type: 'update', checklistId, data: {checklist, recipientId}}` (server to client); the rest are
 * ours: leaving a checklist, the owner's dashboard (every checklist of theirs), the server's
 * acknowledgement and refusals, a deletion, and a prompt to refetch after a gap.
 */

export const REALTIME_PATH = '/ws';

export const REALTIME_LIMITS = {
  /** A client message larger than this closes the socket (1009). */
  maxMessageBytes: 4_096,
  /** Client messages per window before the socket is closed (1008). */
  messagesPerWindow: 60,
  windowMs: 10_000,
  /** Checklists one socket may follow at once. */
  maxSubscriptions: 200,
  /** The server pings this often; a socket that has not answered the previous ping is dropped. */
  heartbeatMs: 30_000,
  /** The spec: the client reconnects 3 s after the connection drops. */
  reconnectMs: 3_000,
} as const;

/** Client to server. */
export const RealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), checklistId: z.string().min(1).max(ID_MAX) }),
  z.object({ type: z.literal('unsubscribe'), checklistId: z.string().min(1).max(ID_MAX) }),
  /** The signed-in owner's dashboard: told whenever any checklist of theirs is created, changed or deleted. */
  z.object({ type: z.literal('subscribe-dashboard') }),
  z.object({ type: z.literal('unsubscribe-dashboard') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/** Server to client. */
export type RealtimeServerMessage =
  /** The subscription holds; `revision` is the checklist's current revision (refetch if yours is older). */
  | { type: 'subscribed'; checklistId: string; revision: number }
  | { type: 'dashboard-subscribed' }
  /**
   * The checklist as it now is, as the receiver may see it (a recipient's copy has no userId).
   * `recipientId` names the share recipient whose action made the change, null for the owner.
   */
  | {
      type: 'update';
      checklistId: string;
      revision: number;
      data: { checklist: Checklist; recipientId: string | null };
    }
  /** The checklist is gone (deleted by its owner); the subscription ends. */
  | { type: 'deleted'; checklistId: string }
  /** The owner's plan changed (bought, switched, cancelled, payment failed): refresh the plan card. */
  | { type: 'plan-changed' }
  /** One of the owner's checklists was created, changed or deleted: refresh the list and the stats. */
  | { type: 'dashboard-changed'; checklistId: string }
  /**
   * Refused (a subscribe out of reach, a malformed message) or access ended (signed out, share
   * revoked): that subscription, if any, is gone. Nothing else is said of the checklist.
   */
  | {
      type: 'error';
      checklistId?: string;
      error: { code: ErrorCode; message: string };
    }
  /** The server may have missed changes (its database listener reconnected): refetch what you show. */
  | { type: 'resync' }
  /**
   * A machine translation of this checklist's texts into `language` finished after a page was
   * answered with `translationNote: 'pending'`: refetch it (GET /api/shared/checklist).
   */
  | { type: 'translation-ready'; checklistId: string; language: LanguageCode };

/** Parses one client message; null when it is not JSON or not one of the shapes above. */
export function parseRealtimeClientMessage(text: string): RealtimeClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = RealtimeClientMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}
