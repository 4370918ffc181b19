import { and, eq, gt, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, sessions, shareGrants, shares, teamMembers } from '../db/schema/index.ts';
import type { ChecklistAccess, Reach } from '../policies/checklists.ts';
import { toDate } from './sql-values.ts';

/**
 * The three rules of access, each written here once as SQL that other statements compose (a condition,
 * a select to use as a subquery or CTE), so a hot statement checks them in its own round trip:
 *
 * - a live session: the session row of this id hash, not expired;
 * - a live grant: this browser's share_grants row for this checklist, not expired, its share not revoked;
 * - checklist access: a signed-in person reaches the checklists of every team they are a member of
 *   (docs/teams.md; the same rights whatever their role), a recipient the one checklist their grant is
 *   for; a list is the checklists of one team (the session's active team).
 *
 * Which of them applies to a request (the owner or a recipient) is the policy's decision
 * (policies/checklists.ts); `callerFacts` gives it what it decides on, in one query.
 */

/** A bound value, or a placeholder of a prepared statement (its text then never varies). */
type Text = SQLWrapper | string;
type Time = SQLWrapper | Date;

const p = (name: string) => sql.placeholder(name);

/** The session row of this id hash is live: it exists and has not expired. */
export function isLiveSession(idHash: Text, now: Time): SQL {
  return and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)) as SQL;
}

/** The session columns a query that checks the session itself selects, to keep it alive (sliding expiry). */
export const sessionTimeColumns = {
  sessionCreatedAt: sessions.createdAt,
  sessionLastSeenAt: sessions.lastSeenAt,
  sessionExpiresAt: sessions.expiresAt,
};

/**
 * The session's active team: the team it chose (`sessions.active_team_id`) while its user is still a
 * member of it, else the user's first team (the one they own first, then the oldest membership).
 * Static SQL over the `sessions` row in scope, so it folds into any statement that reads the session.
 */
export const ACTIVE_TEAM_OF_SESSION = sql<string | null>`coalesce(
  (select m."team_id" from "team_members" m
    where m."user_id" = "sessions"."user_id" and m."team_id" = "sessions"."active_team_id"),
  (select m."team_id" from "team_members" m where m."user_id" = "sessions"."user_id"
    order by (m."role" = 'owner') desc, m."joined_at", m."team_id" limit 1))`;

/**
 * The one team an API token's session reaches (decision 0049), null for a person's session (every team
 * of theirs). Static SQL over the `sessions` row in scope.
 */
export const TOKEN_TEAM_OF_SESSION = sql<string | null>`(case when "sessions"."api_token_id" is not null
  then "sessions"."active_team_id" end)`;

/** The live session of this id hash: its user, active team and times (a subquery, or a CTE). */
export function liveSession(db: Database, idHash: Text, now: Time) {
  return db
    .select({
      userId: sessions.userId,
      teamId: ACTIVE_TEAM_OF_SESSION.as('team_id'),
      tokenTeamId: TOKEN_TEAM_OF_SESSION.as('token_team_id'),
      ...sessionTimeColumns,
    })
    .from(sessions)
    .where(isLiveSession(idHash, now));
}

/**
 * The checklists a live session (a CTE of `liveSession`, aliased `cteName`) reaches: every team of its
 * user's, or for an API token's session its one team.
 */
export function isInReachOfSession(cteName: string): SQL {
  const cte = sql.raw(`"${cteName}"`);
  return sql`(${checklists.teamId} in (select ${teamMembers.teamId} from ${teamMembers}
    where ${teamMembers.userId} = (select ${cte}."user_id" from ${cte}))
    and ((select ${cte}."token_team_id" from ${cte}) is null
      or ${checklists.teamId} = (select ${cte}."token_team_id" from ${cte})))`;
}

/** A grant (share_grants) that has not expired. */
export function isGrantUnexpired(now: Time): SQL {
  return gt(shareGrants.expiresAt, now);
}

/** A share whose link still works: not revoked. */
export function isShareLive(): SQL {
  return isNull(shares.revokedAt);
}

/** Over share_grants joined to shares: this browser's live grant on this checklist. */
export function isLiveGrant(browserHash: Text, checklistId: Text, now: Time): SQL {
  return and(
    eq(shareGrants.browserHash, browserHash),
    eq(shareGrants.checklistId, checklistId),
    isGrantUnexpired(now),
    isShareLive(),
  ) as SQL;
}

/** This browser's live grant on this checklist, with the share that gave it (at most one row). */
export function liveGrant(db: Database, browserHash: Text, checklistId: Text, now: Time) {
  return db
    .select({
      shareId: shareGrants.shareId,
      recipientName: shares.recipientName,
      channel: shares.channel,
      contact: shares.contact,
    })
    .from(shareGrants)
    .innerJoin(shares, eq(shares.id, shareGrants.shareId))
    .where(isLiveGrant(browserHash, checklistId, now))
    .limit(1);
}

/** The checklists of every team this user is a member of: a signed-in person's reach. */
export function isInTeamsOf(userId: Text): SQL {
  return sql`${checklists.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;
}

/** The checklists of one team: a list, a count against the plan. */
export function isOfTeam(teamId: Text): SQL {
  return eq(checklists.teamId, teamId);
}

/**
 * What a read on the server's own behalf reaches (the realtime hub, a report e-mailed, the copy after
 * a tick): the checklists of one team, never a person's choice. Only server code builds one.
 */
export interface TeamScope {
  kind: 'team';
  teamId: string;
}

export type ReadScope = ChecklistAccess | TeamScope;

/**
 * "This checklist, if the access reaches it": one of a team of the member's, the one checklist of a
 * recipient's grant, or one of the team a server read is for.
 */
export function isInReach(access: ReadScope, checklistId: Text): SQL {
  const reach =
    access.kind === 'owner'
      ? access.viaToken
        ? isOfTeam(access.teamId)
        : isInTeamsOf(access.userId)
      : access.kind === 'team'
        ? isOfTeam(access.teamId)
        : eq(checklists.id, access.checklistId);
  return and(eq(checklists.id, checklistId), reach) as SQL;
}

/** Which of the two cookies a request carried: a statement looks only for what was presented. */
export type Presented = 'session' | 'browser' | 'both';

export function presentedBy(caller: { idHash: string | null; browserHash: string | null }): Presented | null {
  if (caller.idHash && caller.browserHash) return 'both';
  if (caller.idHash) return 'session';
  return caller.browserHash ? 'browser' : null;
}

/**
 * A caller's session and grant as CTEs of one statement (each only if that cookie was presented),
 * with the conditions of each kind of actor's reach over the `checklists` row in scope (null for a
 * kind the caller cannot be). Placeholders: idHash, browserHash, checklistId, now.
 */
export function callerCtes(db: Database, presented: Presented) {
  const session =
    presented !== 'browser' ? db.$with('session').as(liveSession(db, p('idHash'), p('now'))) : null;
  const grant =
    presented !== 'session'
      ? db.$with('grant').as(liveGrant(db, p('browserHash'), p('checklistId'), p('now')))
      : null;
  const reach: Reach<SQL | null> = {
    owner: session ? isInReachOfSession('session') : null,
    recipient: grant ? sql`exists (select 1 from ${grant})` : null,
  };
  return { session, grant, reach, ctes: [session, grant].filter((cte) => cte !== null) };
}

/** Parameters of a statement built on `callerCtes`. */
export function callerParams(
  caller: { idHash: string | null; browserHash: string | null; now: Date },
  checklistId: string,
) {
  return {
    idHash: caller.idHash ?? '',
    browserHash: caller.browserHash ?? '',
    checklistId,
    now: caller.now.toISOString(),
  };
}

const callerFactsQuery = preparedPerDatabase((db) => {
  const { session, grant, reach } = callerCtes(db, 'both');
  if (!session || !grant || !reach.owner) throw new Error('both CTEs expected');
  return db
    .with(session, grant)
    .select({
      sessionUserId: session.userId,
      sessionCreatedAt: session.sessionCreatedAt,
      sessionLastSeenAt: session.sessionLastSeenAt,
      sessionExpiresAt: session.sessionExpiresAt,
      teamId: checklists.teamId,
      revision: checklists.revision,
      owns: sql<boolean>`coalesce(${reach.owner}, false)`,
      departed: sql<boolean>`exists (select 1 from "team_departures" d where d."team_id" = ${checklists.teamId}
        and d."user_id" = ${session.userId} and not coalesce(${reach.owner}, false))`,
      shareId: grant.shareId,
      recipientName: grant.recipientName,
      channel: grant.channel,
      contact: grant.contact,
    })
    .from(sql`(values (1)) as "caller"("one")`)
    .leftJoin(session, sql`true`)
    .leftJoin(checklists, eq(checklists.id, p('checklistId')))
    .leftJoin(grant, sql`true`)
    .prepare('caller_facts');
});

/**
 * In one query: the caller's live session (its user and times), the checklist's team and revision
 * (null when it does not exist), whether that session's user is a member of its team, and the caller's
 * live grant on it.
 */
export async function callerFacts(
  db: Database,
  caller: { idHash: string | null; browserHash: string | null; now: Date },
  checklistId: string,
) {
  const [row] = await callerFactsQuery(db).execute(callerParams(caller, checklistId));
  if (!row) throw new Error('caller facts returned no row');
  return {
    session:
      row.sessionUserId !== null
        ? {
            userId: row.sessionUserId,
            times: {
              createdAt: toDate(row.sessionCreatedAt),
              lastSeenAt: toDate(row.sessionLastSeenAt),
              expiresAt: toDate(row.sessionExpiresAt),
            },
          }
        : null,
    teamId: row.teamId,
    revision: row.revision,
    owns: Boolean(row.owns),
    departed: Boolean(row.departed),
    grant:
      row.shareId !== null && row.channel !== null && row.contact !== null
        ? {
            shareId: row.shareId,
            recipientName: row.recipientName,
            channel: row.channel,
            contact: row.contact,
          }
        : null,
  };
}

/**
 * Whether a session id hash names a live session, or a browser hash any live grant: a caller who is
 * somebody (a WebSocket that is not anonymous), without saying to what. At most two short reads.
 */
export async function holdsLiveAccess(
  db: Database,
  identity: { sessionHash: string | null; browserHash: string | null },
  now: Date,
): Promise<boolean> {
  if (identity.sessionHash) {
    const [session] = await db
      .select({ one: sql`1` })
      .from(sessions)
      .where(isLiveSession(identity.sessionHash, now))
      .limit(1);
    if (session) return true;
  }
  if (identity.browserHash) {
    const [grant] = await db
      .select({ one: sql`1` })
      .from(shareGrants)
      .innerJoin(shares, eq(shares.id, shareGrants.shareId))
      .where(and(eq(shareGrants.browserHash, identity.browserHash), isGrantUnexpired(now), isShareLive()))
      .limit(1);
    if (grant) return true;
  }
  return false;
}
