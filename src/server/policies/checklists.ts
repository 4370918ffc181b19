import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { User } from '#domain/user';
import { type SessionCheck, sessionRequired } from './sessions.ts';

/**
 * Who may do what with checklists (docs/access.md "Three kinds of caller"). An owner has every right over
 * their own checklists and none over anyone else's. A browser verified on a live share of a checklist
 * is its recipient, with the rights `RIGHTS` gives them (read, tick, attach photos, write remarks,
 * submit) and nothing else: never to edit, share or delete it. Anyone else is nobody, and a checklist out of reach is simply not found (404, never 403,
 * so existence is not revealed). Services read and write only through an access, so each query
 * carries its scope (repositories/access.ts writes the rules of live sessions, live grants and
 * checklist access in SQL, once).
 */
/**
 * A signed-in member of a team (the kind keeps its first name, 'owner': it answers for the checklist's
 * people, whatever their role in the team; docs/teams.md). They reach every checklist of every team of
 * theirs; `teamId` is the team they act in: the checklist's for one checklist, the session's active team
 * for the list and for creating one.
 */
export interface OwnerAccess {
  kind: 'owner';
  userId: string;
  teamId: string;
  /**
   * An API token acting as this member (decision 0049): it reaches the checklists of `teamId` only,
   * never those of the member's other teams.
   */
  viaToken?: boolean;
}

/** A browser that verified a live share of this one checklist (services/share-verification.ts grants it). */
export interface RecipientAccess {
  kind: 'recipient';
  checklistId: string;
  shareId: string;
  /** How the record names them: 'Jane (j•••e@example.com)'. */
  actorLabel: string;
}

export type ChecklistAccess = OwnerAccess | RecipientAccess;
export type ActorKind = ChecklistAccess['kind'];

/** What can be done with a checklist. */
export type ChecklistRight = 'read' | 'tick' | 'photo' | 'remarks' | 'submit' | 'edit' | 'share' | 'delete';

const RIGHTS: Record<ActorKind, ReadonlySet<ChecklistRight>> = {
  owner: new Set<ChecklistRight>(['read', 'tick', 'photo', 'remarks', 'submit', 'edit', 'share', 'delete']),
  recipient: new Set<ChecklistRight>(['read', 'tick', 'photo', 'remarks', 'submit']),
};

/**
 * Who acts when a request reaches a checklist both ways (a browser that carries the owner's session
 * and a recipient cookie verified on a share of it): the first kind in this order that reaches the
 * checklist and holds the right.
 */
const ACTOR_ORDER: readonly ActorKind[] = ['owner', 'recipient'];

/** Whether each kind of actor reaches the checklist: booleans here, SQL conditions in a statement. */
export type Reach<Condition> = Record<ActorKind, Condition>;

/** The kind of actor a caller is for a checklist and a right, or null: nobody. */
export function actingKind(reach: Reach<boolean>, right: ChecklistRight): ActorKind | null {
  return ACTOR_ORDER.find((kind) => reach[kind] && RIGHTS[kind].has(right)) ?? null;
}

/**
 * The same decision inside one statement (the tick decides and writes in one round trip): an SQL
 * expression that is the acting kind ('owner', 'recipient') or null, from the conditions of reach
 * (repositories/access.ts; null for a kind the caller cannot be: that cookie was not presented), in
 * the order and with the rights above. Static SQL for static input, so a prepared statement's text
 * never varies.
 */
export function actingKindSql(reach: Reach<SQL | null>, right: ChecklistRight): SQL<ActorKind | null> {
  const arms = ACTOR_ORDER.flatMap((kind) => {
    const reaches = reach[kind];
    return reaches && RIGHTS[kind].has(right) ? [sql`when ${reaches} then ${sql.raw(`'${kind}'`)}`] : [];
  });
  return arms.length > 0
    ? sql<ActorKind | null>`(case ${sql.join(arms, sql` `)} end)`
    : sql<ActorKind | null>`null`;
}

/** What a request presented: the owner's session cookie and the recipient cookie, each if any. */
export interface Caller {
  session: SessionCheck | null;
  /** The recipient cookie's hash (share_grants.browser_hash). */
  browserHash: string | null;
  now: Date;
}

/** What the database says of a caller and one checklist, in one query (repositories/access.ts). */
export interface CallerFacts {
  /** The user of the caller's live session; null when there is none (absent, unknown or expired). */
  sessionUserId: string | null;
  /** That user is a member of the checklist's team. */
  owns: boolean;
  /** The checklist's team; null when it does not exist. */
  teamId: string | null;
  /** The caller's browser holds a live grant on the checklist, through this share. */
  grant: { shareId: string; actorLabel: string } | null;
}

export type Nobody = { kind: 'nobody'; reason: 'signed-out' | 'out-of-reach' };
export type ChecklistActor = ChecklistAccess | Nobody;

/**
 * The policy: who the caller is for this checklist, for this right. Nobody is 'signed-out' when the
 * caller presented neither a live session nor a recipient cookie (401), else 'out-of-reach' (404).
 */
export function checklistActor(
  caller: Pick<Caller, 'browserHash'>,
  facts: CallerFacts,
  checklistId: string,
  right: ChecklistRight,
): ChecklistActor {
  const { sessionUserId, grant } = facts;
  const kind = actingKind({ owner: sessionUserId !== null && facts.owns, recipient: grant !== null }, right);
  if (kind === 'owner' && sessionUserId !== null && facts.teamId !== null) {
    return { kind: 'owner', userId: sessionUserId, teamId: facts.teamId };
  }
  if (kind === 'recipient' && grant) {
    return { kind: 'recipient', checklistId, shareId: grant.shareId, actorLabel: grant.actorLabel };
  }
  return {
    kind: 'nobody',
    reason: sessionUserId === null && caller.browserHash === null ? 'signed-out' : 'out-of-reach',
  };
}

/** The access of an actor that is somebody; nobody is refused: 401 signed out, else `notFound` (404). */
export function admitted(
  actor: ChecklistActor,
  notFound: () => AppError = checklistNotFound,
): ChecklistAccess {
  if (actor.kind !== 'nobody') return actor;
  throw actor.reason === 'signed-out' ? sessionRequired() : notFound();
}

/**
 * The session's user acting in their active team. A `userId` the client named (query or body) must be theirs:
 * anything else is refused, never silently replaced by the session's id.
 */
export function ownerAccess(member: SignedInMember, claimedUserId?: string | null): OwnerAccess {
  assertOwnUserId(member.user, claimedUserId);
  const access: OwnerAccess = { kind: 'owner', userId: member.user.uid, teamId: member.teamId };
  return member.viaToken ? { ...access, viaToken: true } : access;
}

/** The signed-in user and the team their session works in (docs/teams.md "The active team"). */
export interface SignedInMember {
  user: User;
  teamId: string;
  /** An API token acts as this member, in `teamId` only (decision 0049). */
  viaToken?: boolean;
}

/** A user id in a path, query or body that is not the session's user: 403 forbidden. */
export function assertOwnUserId(user: Pick<User, 'uid'>, claimedUserId: string | null | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== user.uid) {
    throw new AppError('forbidden', 'You can only act on your own account.');
  }
}

export const CHECKLIST_NOT_FOUND = 'Checklist not found';
export const TASK_NOT_FOUND = 'Task not found';

export function checklistNotFound(): AppError {
  return new AppError('not_found', CHECKLIST_NOT_FOUND);
}

export function taskNotFound(): AppError {
  return new AppError('not_found', TASK_NOT_FOUND);
}
