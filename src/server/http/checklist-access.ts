import type { FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { Database } from '../db/client.ts';
import { CHECKLIST_NOT_FOUND, type ChecklistAccess, ownerAccess } from '../policies/checklists.ts';
import { sessionRequired } from '../services/sessions.ts';
import { recipientAccessFor } from '../services/share-verification.ts';
import type { TaskActor } from '../services/task-changes.ts';
import { recipientBrowserHash } from './recipient.ts';
import { sessionCheckOf } from './session.ts';

/**
 * Who is asking, on the routes a verified recipient may use too (a tick, remarks, submit). A browser
 * may carry both cookies (an owner who opened a checklist shared with them): the owner's session is
 * tried first, then the recipient's grant. Neither reaching the checklist answers 404 (401 with
 * neither cookie), so nothing tells a stranger whether the checklist exists.
 */
export function taskActorsOf(request: FastifyRequest): TaskActor[] {
  const session = sessionCheckOf(request);
  const browserHash = recipientBrowserHash(request);
  const actors: TaskActor[] = [];
  if (session) actors.push({ kind: 'owner', session });
  if (browserHash) actors.push({ kind: 'recipient', browserHash, now: new Date() });
  return actors;
}

/** Whether another actor should be tried after this refusal (it says "not yours", nothing more). */
export function isOutOfReach(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === 'unauthenticated' ||
      (error.code === 'not_found' && error.message === CHECKLIST_NOT_FOUND))
  );
}

/** Runs the work as each actor in turn until one reaches the checklist. */
export async function asFirstActorInReach<T>(
  request: FastifyRequest,
  work: (actor: TaskActor) => Promise<T>,
): Promise<T> {
  const actors = taskActorsOf(request);
  if (actors.length === 0) throw sessionRequired();
  let refusal: unknown;
  for (const actor of actors) {
    try {
      return await work(actor);
    } catch (error) {
      if (!isOutOfReach(error)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * Does the work with the access of whoever is asking for this checklist: its owner, or a browser
 * verified on a share of it (the owner's session first, as above).
 */
export async function withChecklistAccess<T>(
  request: FastifyRequest,
  db: Database,
  checklistId: string,
  work: (access: ChecklistAccess) => Promise<T>,
): Promise<T> {
  return asFirstActorInReach(request, async (actor) => {
    if (actor.kind === 'owner') {
      const user = await request.currentUser();
      if (!user) throw sessionRequired();
      // The services scope every query by this access: someone else's checklist stays out of reach.
      return work(ownerAccess(user));
    }
    const access = await recipientAccessFor(db, actor.browserHash, checklistId, actor.now);
    if (!access) throw new AppError('not_found', CHECKLIST_NOT_FOUND);
    return work(access);
  });
}
