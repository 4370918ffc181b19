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
  /** The checklist's owner and current revision; null when it does not exist. */
  ownerId: string | null;
  revision: number | null;
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
      grant: facts.grant ? { shareId: facts.grant.shareId, actorLabel: recipientLabel(facts.grant) } : null,
    },
    checklistId,
    right,
  );
  return {
    actor,
    sessionUserId: facts.session?.userId ?? null,
    ownerId: facts.ownerId,
    revision: facts.revision,
  };
}

/** The caller's access for this right, or the policy's refusal: 401 signed out, else 404 (`notFound`). */
export async function resolveChecklistActor(
  db: Database,
  caller: Caller,
  checklistId: string,
  right: ChecklistRight,
  notFound?: Parameters<typeof admitted>[1],
): Promise<{ access: ChecklistAccess; ownerId: string | null; revision: number | null }> {
  const found = await findChecklistActor(db, caller, checklistId, right);
  return { access: admitted(found.actor, notFound), ownerId: found.ownerId, revision: found.revision };
}
