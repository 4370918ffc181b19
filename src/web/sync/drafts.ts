import { isApiError } from '../lib/api.ts';
import { type DraftOp, type HeldOp, NEW_CHECKLIST_VERSION, type QueuedOp } from './operations.ts';

/**
 * What an editor's save (a checklist created or edited through the offline queue) means for the work
 * queued after it, once the server has answered it.
 */

/**
 * Saved: later work on that checklist follows it. Changes to a checklist created here move to its real
 * id, and the person's own edits follow one another: a later edit that started from the same version
 * now starts from the saved one (no conflict with oneself).
 */
export function followSaved(ops: QueuedOp[], op: DraftOp, result: unknown): void {
  const saved = result as { id?: unknown; version?: unknown } | null;
  if (typeof saved?.version !== 'number' || typeof saved.id !== 'string') return;
  const from = op.kind === 'edit' ? op.version : NEW_CHECKLIST_VERSION;
  for (const later of ops) {
    if (later === op || later.checklistId !== op.checklistId) continue;
    if (later.kind === 'edit' && later.version === from) later.version = saved.version;
    later.checklistId = saved.id;
  }
}

/** Refused: a checklist that could not be created takes the work queued for it along (none can be sent). */
export function followersOf(ops: readonly QueuedOp[], op: DraftOp): QueuedOp[] {
  if (op.kind !== 'create') return [];
  return ops.filter((later) => later !== op && later.checklistId === op.checklistId);
}

/**
 * What is kept of a refused save, with the refusal and the last edit made meanwhile to a checklist
 * created here; null when the editor that made it is still open and has it.
 */
export function toHold(
  op: DraftOp,
  followers: readonly QueuedOp[],
  callerWaiting: boolean,
  error: unknown,
  now: Date,
): HeldOp | null {
  const lastEdit = followers.findLast((later) => later.kind === 'edit');
  if (callerWaiting && !lastEdit) return null;
  const draft = lastEdit && op.kind === 'create' ? { ...op, body: lastEdit.body } : op;
  return { ...draft, refusal: describeRefusal(error), heldAt: now.toISOString() };
}

/** A refusal as kept with a held save: the server's status, code and own words. */
export function describeRefusal(error: unknown): HeldOp['refusal'] {
  if (isApiError(error)) {
    return {
      status: error.status,
      code: error.code ?? 'refused',
      message: error.serverMessage ?? error.message,
    };
  }
  return { status: 0, code: 'refused', message: error instanceof Error ? error.message : String(error) };
}
