import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists } from '../db/schema/index.ts';
import { isInReachOfSession, liveSession } from './access.ts';
import { type ListWindow, shapeOf, valuesOf, type WindowShape, windowFingerprint } from './checklist-list.ts';

/**
 * The session check of an owner's read, folded into the statement that tells whether the read cache
 * still holds the answer (docs/decisions/0004): the live session with the checklist's revision, or with
 * the list's fingerprint, in one round trip each.
 */

const p = (name: string) => sql.placeholder(name);

/**
 * The live session of the id hash and time placeholders `idHash` and `now` as a CTE, and what a
 * statement built on it selects of it: the user and the session's times (to keep it alive).
 */
function withSession(db: Database) {
  const session = db.$with('session').as(liveSession(db, p('idHash'), p('now')));
  return {
    session,
    columns: {
      userId: session.userId,
      // Qualified by hand: Drizzle writes an aliased CTE column unqualified, which the checklists joined
      // beside it would make ambiguous.
      teamId: sql<string | null>`"session"."team_id"`,
      sessionCreatedAt: session.sessionCreatedAt,
      sessionLastSeenAt: session.sessionLastSeenAt,
      sessionExpiresAt: session.sessionExpiresAt,
    },
  };
}

/**
 * The live session's user and times, with the current revision and team of the checklist when that
 * user is a member of its team (null otherwise), in one round trip. No row: no live session.
 */
const sessionAndRevisionQuery = preparedPerDatabase((db) => {
  const { session, columns } = withSession(db);
  return db
    .with(session)
    .select({ ...columns, revision: checklists.revision, checklistTeamId: checklists.teamId })
    .from(session)
    .leftJoin(checklists, and(eq(checklists.id, p('checklistId')), isInReachOfSession('session')))
    .prepare('session_and_checklist_revision');
});

export async function sessionAndRevision(db: Database, idHash: string, checklistId: string, now: Date) {
  const [row] = await sessionAndRevisionQuery(db).execute({ idHash, checklistId, now: now.toISOString() });
  return row;
}

/**
 * The live session of this id hash (its user, active team and times) with the fingerprint of a window of
 * that team's list (repositories/checklist-list.ts), in one primary-key lookup and one index scan of at
 * most the window's rows (plus one), prepared per shape of window. No row: no live session.
 */
function sessionAndFingerprintQuery(shape: WindowShape) {
  return preparedPerDatabase((db) => {
    const { session, columns } = withSession(db);
    return db
      .with(session)
      .select({
        ...columns,
        // Qualified by hand: Drizzle writes a CTE's column unqualified here, which the subquery would
        // read as its own checklists' team_id.
        fingerprint: windowFingerprint(sql.raw('"session"."team_id"'), shape),
      })
      .from(session)
      .prepare(`session_and_list_fingerprint_${shape.replace('-', '_')}`);
  });
}

const sessionAndFingerprintQueries: Record<WindowShape, ReturnType<typeof sessionAndFingerprintQuery>> = {
  all: sessionAndFingerprintQuery('all'),
  after: sessionAndFingerprintQuery('after'),
  mine: sessionAndFingerprintQuery('mine'),
  'mine-after': sessionAndFingerprintQuery('mine-after'),
};

export async function sessionAndListFingerprint(db: Database, idHash: string, now: Date, window: ListWindow) {
  const [row] = await sessionAndFingerprintQueries[shapeOf(window)](db).execute({
    idHash,
    now: now.toISOString(),
    ...valuesOf(window),
  });
  return row;
}
