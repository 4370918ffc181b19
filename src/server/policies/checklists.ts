import { AppError } from '#domain/errors';
import type { User } from '#domain/user';

/**
 * Who may do what with checklists (DESIGN.md, "Who may do what"). An owner has every right over
 * their own checklists and none over anyone else's. The services read only through an access, so
 * each query carries its scope: a checklist outside it is simply not found (404, never 403, so
 * existence is not revealed). A verified share recipient has the second kind: one checklist, to read,
 * tick, attach photos, write remarks and submit; never to edit, share or delete it.
 */
export interface OwnerAccess {
  kind: 'owner';
  userId: string;
}

/** A browser that verified a live share of this one checklist (services/share-verification.ts). */
export interface RecipientAccess {
  kind: 'recipient';
  checklistId: string;
  shareId: string;
  /** How the record names them: 'Jane (j•••e@example.com)'. */
  actorLabel: string;
}

export type ChecklistAccess = OwnerAccess | RecipientAccess;

/**
 * The session's user acting as owner. A `userId` the client named (query or body) must be theirs:
 * anything else is refused, never silently replaced by the session's id.
 */
export function ownerAccess(user: User, claimedUserId?: string | null): OwnerAccess {
  assertOwnUserId(user, claimedUserId);
  return { kind: 'owner', userId: user.uid };
}

/** A user id in a path, query or body that is not the session's user: 403 forbidden. */
export function assertOwnUserId(user: User, claimedUserId: string | null | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== user.uid) {
    throw new AppError('forbidden', 'You can only act on your own account.');
  }
}

export const CHECKLIST_NOT_FOUND = 'Checklist not found';
export const TASK_NOT_FOUND = 'Task not found';

export function checklistNotFound(): AppError {
  return new AppError('not_found', CHECKLIST_NOT_FOUND);
}
