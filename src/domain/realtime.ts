import { z } from 'zod';
import { type Checklist, ID_MAX } from './checklist.ts';
import type { ErrorCode } from './errors.ts';
import type { LanguageCode } from './languages.ts';
import type { Notification } from './notification-texts.ts';

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
  /**
   * Client messages, as a token bucket per socket: a burst of this many, then this many a second.
   * A page sends one subscribe per checklist it shows and a few more as the user moves around.
   */
  messageBurst: 60,
  messagesPerSecond: 2,
  /**
   * Messages refused beyond the bucket (each spell of refusals answers one 'rate_limited' error)
   * before the socket is closed (1008, 'Too many messages'). The count starts again once the
   * bucket has filled up again.
   */
  maxRefusedMessages: 20,
  /**
   * Open sockets from one address on one instance. An office behind one address, a few dozen phones
   * and laptops with a few tabs each (one socket a tab), stays well below; more is refused (1013).
   */
  maxConnectionsPerIp: 120,
  /**
   * Handshakes from one address a minute, counted across every instance (the shared rate-limit store);
   * more are refused with 429 before the upgrade. Each one costs a cookie and session lookup, so a
   * client opening and closing sockets in a loop (hundreds a second) is held to 4 a second. Twice the
   * sockets one address may hold on an instance: an office at that cap whose every tab reconnects after
   * a blip (3 s later, together), and again after a second blip or a rolling restart within the same
   * minute, still gets in; a real office (a few dozen devices, 50-100 tabs) stays at a third of it.
   */
  handshakesPerIpPerMinute: 240,
  /**
   * Open anonymous sockets on one instance: those whose cookies named no live session and no live
   * recipient grant when they connected, and that have followed nothing since. More is refused (1013).
   */
  maxAnonymousConnections: 1_000,
  /** An anonymous socket that follows nothing is closed after this long (1008). */
  anonymousIdleMs: 30_000,
  /** Checklists one socket may follow at once. */
  maxSubscriptions: 200,
  /** The server pings this often; a socket that has not answered the previous ping is dropped. */
  heartbeatMs: 30_000,
  /** The spec: the client reconnects 3 s after the connection drops. */
  reconnectMs: 3_000,
  /**
   * After the server closed the socket for its policy (1008, 1013: too many messages or
   * connections, no access), the client waits longer each time, up to this, and spreads the wait.
   */
  policyReconnectMaxMs: 5 * 60_000,
  /**
   * A handshake that fails (refused with 429 or 503, or no server answering) makes the client wait
   * longer each time too, spread, up to this: a browser cannot tell why, and must not hammer.
   */
  failedHandshakeReconnectMaxMs: 60_000,
} as const;

/** Close codes (RFC 6455) the server uses, and what the client makes of them. */
export const REALTIME_CLOSE = {
  /** The server is stopping: reconnect (to another instance) after the usual wait. */
  goingAway: 1001,
  /** Too many messages, or an anonymous socket left idle: reconnect only after a growing wait. */
  policyViolation: 1008,
  /** A message larger than maxMessageBytes. */
  tooBig: 1009,
  /** Too many connections (from this address, or anonymous ones): reconnect after a growing wait. */
  tryAgainLater: 1013,
} as const;

/** The close codes after which the client backs off rather than reconnecting after the usual wait. */
export function isPolicyClose(code: number): boolean {
  return (
    code === REALTIME_CLOSE.policyViolation ||
    code === REALTIME_CLOSE.tryAgainLater ||
    code === REALTIME_CLOSE.tooBig
  );
}

/** Client to server. */
export const RealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), checklistId: z.string().min(1).max(ID_MAX) }),
  z.object({ type: z.literal('unsubscribe'), checklistId: z.string().min(1).max(ID_MAX) }),
  /** The signed-in owner's dashboard: told whenever any checklist of theirs is created, changed or deleted. */
  z.object({ type: z.literal('subscribe-dashboard') }),
  z.object({ type: z.literal('unsubscribe-dashboard') }),
  /** The signed-in owner's notifications (the header's badge): each new one as it is made. */
  z.object({ type: z.literal('subscribe-notifications') }),
  z.object({ type: z.literal('unsubscribe-notifications') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/** Server to client. */
export type RealtimeServerMessage =
  /** The subscription holds; `revision` is the checklist's current revision (refetch if yours is older). */
  | { type: 'subscribed'; checklistId: string; revision: number }
  | { type: 'dashboard-subscribed' }
  | { type: 'notifications-subscribed' }
  /** A new notification for the owner (a recipient submitted, got no code…): toast it, count it. */
  | { type: 'notification'; notification: Notification }
  /** The checklist as it now is, as the receiver may see it. */
  | ChecklistUpdateMessage
  /** The checklist is gone (deleted by its owner); the subscription ends. */
  | { type: 'deleted'; checklistId: string }
  /** The owner's plan changed (bought, switched, cancelled, payment failed): refresh the plan card. */
  | { type: 'plan-changed' }
  /** The team's people changed (someone left or was removed): refresh the team and the list. */
  | { type: 'team-changed' }
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
  | { type: 'translation-ready'; checklistId: string; language: LanguageCode }
  /**
   * To the owner's sockets following the checklist: who it is shared with changed without the owner
   * doing it (a recipient verified, a link locked after too many wrong codes). Refetch the share list
   * and the activity trail; the checklist itself did not change.
   */
  | { type: 'shares-changed'; checklistId: string };

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

/**
 * The checklist as it now is, as the receiver may see it (a recipient's copy has no userId).
 * `recipientId` names the share recipient whose action made the change, null for the owner. The
 * server makes it in one place (src/server/presenters/checklists.ts `checklistUpdateFrame`).
 */
export interface ChecklistUpdateMessage {
  type: 'update';
  checklistId: string;
  revision: number;
  data: { checklist: Checklist; recipientId: string | null };
}
