import type { Database } from '../db/client.ts';
import type { ActorKind, Caller } from '../policies/checklists.ts';
import type { SessionPolicy } from '../policies/sessions.ts';
import { holdsLiveAccess } from '../repositories/access.ts';
import { liveSessionMember } from '../repositories/sessions.ts';
import { findChecklistActor } from '../services/checklist-actors.ts';

/**
 * Who a socket may follow, decided as the HTTP reads decide it: a subscribe is a read of the
 * checklist, and the policy (policies/checklists.ts) says whether the socket's owner session or its
 * recipient grant reaches it, in one query with the checklist's owner and revision.
 */

/** What a socket presented when it connected: hashes of its cookies, never the cookies themselves. */
export interface SocketIdentity {
  /** sessions.id_hash of the owner's session cookie, or null. */
  sessionHash: string | null;
  /** The recipient cookie's hash (share_grants.browser_hash), or null. */
  browserHash: string | null;
}

export type SubscriberKind = ActorKind;

export interface SubscriptionGrant {
  kind: SubscriberKind;
  /** The checklist's team. */
  teamId: string;
  revision: number;
}

export interface SubscribeDecision {
  /** The user of the socket's live session (whether or not the checklist is theirs); null: none. */
  sessionUserId: string | null;
  /** As whom the socket may follow the checklist, from which revision; null: it may not. */
  grant: SubscriptionGrant | null;
}

/** May this socket follow the checklist? Its live session is kept alive (a subscribe is a read). */
export async function authoriseSubscription(
  db: Database,
  identity: SocketIdentity,
  sessionPolicy: SessionPolicy,
  checklistId: string,
  now = new Date(),
): Promise<SubscribeDecision> {
  const caller: Caller = {
    session: identity.sessionHash ? { idHash: identity.sessionHash, policy: sessionPolicy, now } : null,
    browserHash: identity.browserHash,
    now,
  };
  const found = await findChecklistActor(db, caller, checklistId, 'read');
  const { actor, teamId, revision } = found;
  return {
    sessionUserId: found.sessionUserId,
    grant:
      actor.kind !== 'nobody' && teamId !== null && revision !== null
        ? { kind: actor.kind, teamId, revision }
        : null,
  };
}

/** The user of a live session, without extending it (an open socket alone is not activity). */
export async function liveSessionUser(db: Database, sessionHash: string, now = new Date()) {
  return liveSessionMember(db, sessionHash, now);
}

/**
 * Whether a socket is anonymous: its cookies name no live session and no live recipient grant (a
 * socket with neither cookie is, without asking the database).
 */
export async function isAnonymous(
  db: Database,
  identity: SocketIdentity,
  now = new Date(),
): Promise<boolean> {
  if (!identity.sessionHash && !identity.browserHash) return true;
  return !(await holdsLiveAccess(db, identity, now));
}
