import {
  CHECKLIST_MESSAGES,
  type Checklist,
  type ChecklistData,
  type ChecklistUpdateData,
  matchEditedTasks,
} from '#domain/checklist';
import { AppError } from '#domain/errors';
import { isAtPlanLimit, PLAN_LIMITS, planLimitMessage, type Tier } from '#domain/plans';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { type SessionCheck, sessionRequired } from '../policies/sessions.ts';
import { presentChecklist, presentTask } from '../presenters/checklists.ts';
import type { ReadScope } from '../repositories/access.ts';
import { countTeamChecklists } from '../repositories/checklist-list.ts';
import { sessionAndRevision } from '../repositories/checklist-session-reads.ts';
import {
  deleteChecklistRow,
  insertChecklist,
  readChecklistRow,
  replaceTasks,
  tasksOf,
  updateChecklistAtVersion,
} from '../repositories/checklists.ts';
import { reopenChecklist } from '../repositories/review.ts';
import { leftTeamOf, lockTeam } from '../repositories/teams.ts';
import type { AfterCommitWriter } from './after-commit.ts';
import { removedFromTeam } from './checklist-actors.ts';
import type { CachedChecklist, ChecklistCache, ChecklistListCache } from './checklist-cache.ts';
import type { ChecklistLanes } from './checklist-lanes.ts';
import type { OwnerNotifier } from './owner-notifications.ts';
import type { PhotoFiles } from './photos.ts';
import { keepSessionAlive } from './sessions.ts';

/** Checklists and their tasks: reading, creating, editing and deleting, always within an access. */

/**
 * What the checklist services work with: the database, this instance's read cache, the photo files,
 * and the notices a tick sends once it committed.
 */
export interface ChecklistContext {
  db: Database;
  cache: ChecklistCache;
  /** This instance's dashboard lists, by fingerprint. */
  lists: ChecklistListCache;
  photos: PhotoFiles;
  notices: AfterCommitWriter;
  /** Changes to one checklist that arrive together commit together (group commit). */
  lanes: ChecklistLanes;
  /** Tells the owner when a recipient submits, or ticks the first or the last task (decision 0024). */
  notifier: Pick<OwnerNotifier, 'tell'>;
}

/** A checklist as read, with the revision it was read at (see ChecklistCache). */
export interface ChecklistRead {
  /** The checklist's team (what a cached copy is checked against). */
  teamId: string;
  revision: number;
  checklist: Checklist;
}

/**
 * An answer holding a whole checklist, with the revision of the state it holds (the route names it in
 * the X-Checklist-Revision header: #domain/checklist-revision).
 */
export interface ChecklistAt {
  checklist: Checklist;
  revision: number;
}

/** The same, as the JSON text to send (a cached body, a tick's answer). */
export interface ChecklistBodyAt {
  body: string;
  revision: number;
}

/** One checklist with its tasks in order and its revision, in one round trip; null when out of reach. */
export async function readChecklistWithRevision(
  db: Database,
  access: ReadScope,
  checklistId: string,
): Promise<ChecklistRead | null> {
  const row = await readChecklistRow(db, access, checklistId);
  return row ? { teamId: row.teamId, revision: row.revision, checklist: presentChecklist(row) } : null;
}

/** One checklist with its tasks in order, in one database round trip; null when out of reach. */
export async function readChecklist(
  db: Database,
  access: ReadScope,
  checklistId: string,
): Promise<Checklist | null> {
  return (await readChecklistWithRevision(db, access, checklistId))?.checklist ?? null;
}

/**
 * GET one checklist for the owner behind a session, as the JSON body to send, with its revision. One
 * round trip (the session and the revision) when the cache holds that revision, two otherwise.
 */
export async function readOwnChecklistBody(
  db: Database,
  cache: ChecklistCache,
  session: SessionCheck,
  checklistId: string,
): Promise<ChecklistBodyAt> {
  const row = await sessionAndRevision(db, session.idHash, checklistId, session.now);
  if (!row) throw sessionRequired();
  await keepSessionAlive(db, session, {
    createdAt: row.sessionCreatedAt,
    lastSeenAt: row.sessionLastSeenAt,
    expiresAt: row.sessionExpiresAt,
  });
  if (row.revision === null || row.checklistTeamId === null) {
    cache.forget(checklistId);
    // Someone who was in its team is told why (their offline queue shows it); anyone else, not found.
    throw (await leftTeamOf(db, row.userId, checklistId)) ? removedFromTeam() : checklistNotFound();
  }
  const held = cache.at(checklistId, row.revision);
  if (held && held.teamId === row.checklistTeamId) return { body: held.body, revision: held.revision };
  const read = await readChecklistWithRevision(
    db,
    { kind: 'team', teamId: row.checklistTeamId },
    checklistId,
  );
  if (!read) throw checklistNotFound();
  const kept = cache.remember(read.teamId, read.revision, read.checklist);
  return { body: kept.body, revision: kept.revision };
}

/** Creates a checklist from the editor's body within the owner's plan limit (insertWithinPlanLimit). */
export async function createChecklist(
  db: Database,
  access: OwnerAccess,
  input: ChecklistData,
): Promise<Checklist> {
  return db.transaction((tx) =>
    insertWithinPlanLimit(
      tx,
      access,
      {
        name: input.name,
        remarks: input.remarks ?? '',
        dueAt: input.dueAt ?? null,
        requireSignature: input.requireSignature ?? false,
      },
      input.tasks,
    ),
  );
}

/**
 * A new checklist of the owner's, within their plan limit (creating, duplicating and making one from a
 * template all count alike). Call inside a transaction: the team's row is locked first, so concurrent
 * creates in one team queue here and each counts what the ones before it committed. Every task gets
 * a fresh server id and starts unticked, with no photo.
 */
export async function insertWithinPlanLimit(
  tx: Database,
  access: OwnerAccess,
  checklist: {
    name: string;
    remarks: string;
    dueAt?: Date | null;
    assigneeUid?: string | null;
    requireSignature?: boolean;
  },
  work: readonly { description: string; details: string; photoRequired: boolean }[],
  /** The team's row as the caller already locked it in this transaction (the schedule runner's batch). */
  locked?: { tier: Tier },
): Promise<Checklist> {
  const team = locked ?? (await lockTeam(tx, access.teamId));
  if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
  const { maxLists } = PLAN_LIMITS[team.tier];
  if (maxLists !== null && isAtPlanLimit(await countTeamChecklists(tx, access.teamId), maxLists)) {
    throw new AppError('plan_limit_reached', planLimitMessage(maxLists), { limit: maxLists });
  }
  const created = await insertChecklist(
    tx,
    { id: newId('checklist'), userId: access.userId, teamId: access.teamId, ...checklist },
    work.map((task) => ({
      id: newId('task'),
      description: task.description,
      details: task.details,
      photoRequired: task.photoRequired,
    })),
  );
  return presentChecklist({ ...created.row, tasks: created.tasks.map((task) => presentTask(task)) });
}

/**
 * PUT: the whole checklist as the editor has it, applied only if nobody changed it since the version
 * the edit started from (the check and the write are one statement). Existing tasks keep their
 * ticks and photos; ids the checklist does not have become new tasks with fresh ids; tasks left out
 * are deleted, and the photos of those tasks with them; positions follow the order sent. Adding,
 * removing or rewording tasks reopens a submitted checklist. A stale version answers 409 with the
 * current checklist. Answers the checklist as saved, with its revision.
 */
export async function replaceChecklist(
  context: Pick<ChecklistContext, 'db' | 'photos'>,
  access: OwnerAccess,
  checklistId: string,
  input: ChecklistUpdateData,
): Promise<ChecklistAt> {
  const { db } = context;
  const replaced = await db.transaction(async (tx) => {
    const updated = await updateChecklistAtVersion(tx, access, checklistId, input);
    if (!updated) return null;
    const plan = planTaskChanges(await tasksOf(tx, checklistId), input.tasks);
    await replaceTasks(tx, checklistId, plan.rows, plan.keptIds);
    if (plan.changesWork && updated.submittedAt) await reopenChecklist(tx, checklistId);
    // Read in the transaction that holds the row's lock: exactly the state this edit made.
    return readChecklistWithRevision(tx, access, checklistId);
  });
  if (replaced) {
    // Tasks the edit removed take their photos with them.
    await context.photos.sweep(replaced.checklist.id);
    return { checklist: replaced.checklist, revision: replaced.revision };
  }

  const current = await readChecklist(db, access, checklistId);
  if (!current) throw checklistNotFound();
  throw new AppError('version_conflict', CHECKLIST_MESSAGES.versionConflict, { checklist: current });
}

interface TaskPlan {
  /** Every task to write, in order, with its position and final id. */
  rows: { id: string; position: number; description: string; details: string; photoRequired: boolean }[];
  /** Ids of existing tasks that stay. */
  keptIds: string[];
  /** Whether the work itself changed (a task added, removed or reworded), which reopens a submission. */
  changesWork: boolean;
}

function planTaskChanges(
  existing: readonly { id: string; description: string; photoRequired: boolean }[],
  sent: ChecklistUpdateData['tasks'],
): TaskPlan {
  const { matches, changesWork } = matchEditedTasks(existing, sent);
  const keptIds = matches.flatMap(({ current }) => (current ? [current.id] : []));
  const rows = matches.map(({ sent: task, current }, position) => ({
    id: current ? current.id : newId('task'),
    position,
    description: task.description,
    details: task.details,
    photoRequired: task.photoRequired,
  }));
  return { rows, keptIds, changesWork };
}

/**
 * Deletes the checklist; its tasks and photo rows go with it (foreign key cascade), and its photo
 * files once it is gone (named before, while the rows still say which).
 */
export async function deleteChecklist(
  context: Pick<ChecklistContext, 'db' | 'photos'>,
  access: OwnerAccess,
  checklistId: string,
) {
  const files = await context.photos.filesOf([checklistId]);
  if (!(await deleteChecklistRow(context.db, access, checklistId))) throw checklistNotFound();
  await context.photos.deleteFiles(files);
}

/**
 * The checklist after one committed change, as the JSON to answer: made from the cached copy at the
 * revision just before (`change` says what differs; null when the copy cannot tell), else read, then
 * kept at its revision. A read may hold a later state than the change's own.
 */
export async function checklistAfter(
  db: Database,
  cache: ChecklistCache,
  checklistId: string,
  at: { teamId: string; revision: number },
  change: (before: Checklist) => Checklist | null,
): Promise<CachedChecklist> {
  const before = cache.at(checklistId, at.revision - 1);
  const after = before && before.teamId === at.teamId ? change(before.checklist) : null;
  if (after) return cache.remember(at.teamId, at.revision, after);
  const read = await readChecklistWithRevision(db, { kind: 'team', teamId: at.teamId }, checklistId);
  if (!read) throw checklistNotFound();
  return cache.remember(read.teamId, read.revision, read.checklist);
}
