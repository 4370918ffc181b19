import { AppError } from '#domain/errors';
import { TEAM_MESSAGES } from '#domain/teams';
import type { Database } from '../db/client.ts';
import {
  admitted,
  type Caller,
  type ChecklistAccess,
  type ChecklistActor,
  type ChecklistRight,
  checklistActor,
} from '../policies/checklists.ts';
import { recipientLabel } from '../presenters/shares.ts';
import { callerFacts } from '../repositories/access.ts';
import { keepSessionAlive } from './sessions.ts';

/**
 * Who a caller is for one checklist, asked of the database once (repositories/access.ts:
 * `callerFacts`) and decided by the policy (policies/checklists.ts: `checklistActor`). A live session
 * is kept alive by being used, whoever it turns out to be for this checklist.
 */

export interface FoundActor {
  actor: ChecklistActor;
  /** The user of the caller's live session, whether or not they own this checklist. */
  sessionUserId: string | null;
  /** The checklist's team and current revision; null when it does not exist. */
  teamId: string | null;
  revision: number | null;
  /** The session's user left (or was removed from) the checklist's team: out of reach, and told why. */
  departed: boolean;
}

export async function findChecklistActor(
  db: Database,
  caller: Caller,
  checklistId: string,
  right: ChecklistRight,
): Promise<FoundActor> {
  const facts = await callerFacts(
    db,
    { idHash: caller.session?.idHash ?? null, browserHash: caller.browserHash, now: caller.now },
    checklistId,
  );
  if (facts.session && caller.session) await keepSessionAlive(db, caller.session, facts.session.times);
  const actor = checklistActor(
    caller,
    {
      sessionUserId: facts.session?.userId ?? null,
      owns: facts.owns,
      teamId: facts.teamId,
      grant: facts.grant ? { shareId: facts.grant.shareId, actorLabel: recipientLabel(facts.grant) } : null,
    },
    checklistId,
    right,
  );
  return {
    actor,
    sessionUserId: facts.session?.userId ?? null,
    teamId: facts.teamId,
    revision: facts.revision,
    departed: facts.departed,
  };
}

/** The caller's access for this right, or the policy's refusal: 401 signed out, else 404 (`notFound`). */
export async function resolveChecklistActor(
  db: Database,
  caller: Caller,
  checklistId: string,
  right: ChecklistRight,
  notFound?: Parameters<typeof admitted>[1],
): Promise<{
  access: ChecklistAccess;
  teamId: string | null;
  revision: number | null;
  /** The live session's user, whoever acts (an Idempotency-Key is theirs before the recipient's). */
  sessionUserId: string | null;
}> {
  const found = await findChecklistActor(db, caller, checklistId, right);
  const refusal = found.departed ? removedFromTeam : notFound;
  return {
    access: admitted(found.actor, refusal),
    teamId: found.teamId,
    revision: found.revision,
    sessionUserId: found.sessionUserId,
  };
}

/** 404 as for anything out of reach, saying why to someone who was in the team (their offline queue shows it). */
export function removedFromTeam(): AppError {
  return new AppError('not_found', TEAM_MESSAGES.removedFromTeam);
}
