import type { ChecklistInput } from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import type { PhotoCaptureFacts } from '#domain/photo-evidence';
import type { SignatureSubmission } from '#domain/signature';
import type { TeamPerson } from '#domain/teams';

/**
 * The operations of the offline queue: what a person did that must reach the server (every tick,
 * photo removal, remarks save, submit and photo on a checklist; the owner's creating, editing,
 * assigning and deleting of checklists), as it is stored on this device, with the ids of checklists
 * created here and the rules by which a newer change makes an unsent older one pointless.
 */

/** Who sends it: the owner (session cookie) or a recipient through a share (share cookie). */
export type OpContext = { kind: 'owner' } | { kind: 'share'; token: string };

export type OpInput =
  | { kind: 'toggle'; taskId: string; completed: boolean }
  | { kind: 'remove-photo'; taskId: string }
  // The language the remarks were written in: the recipient's page language when they were typed.
  | { kind: 'remarks'; remarks: string; remarksLanguage?: LanguageCode }
  // The signature travels with the submit it was given for (a drawn one's strokes too).
  | { kind: 'submit'; remarks: string; remarksLanguage?: LanguageCode; signature?: SignatureSubmission }
  | { kind: 'photo'; taskId: string; fileName: string; fileType: string; evidence?: PhotoCaptureFacts }
  /**
   * A new checklist: its `checklistId` is a stand-in (`newChecklistId(key)`) until the server gives one;
   * `userId` is who made it (another account signed in on this device later is refused, not given it).
   */
  | { kind: 'create'; body: ChecklistBody; userId: string | null }
  /**
   * The editor's whole checklist, with the version it started from (a newer one answers 409), and who
   * made it (as for a create: another account signed in here later is refused, and never shown it).
   */
  | { kind: 'edit'; body: ChecklistBody; version: number; userId: string | null }
  | { kind: 'delete' }
  /**
   * Who works on the checklist: a member of its team, or nobody (PATCH {assigneeUid}). The person's name
   * is kept with it, so the checklist and the dashboard name them at once, offline too.
   */
  | { kind: 'assign'; assignee: TeamPerson | null };

/**
 * The editor's checklist: its name, its tasks in order, and when it is due (POST and PUT; `dueAt` an
 * ISO instant, null for none, left out by a body kept from before due dates: unchanged).
 */
export type ChecklistBody = Pick<ChecklistInput, 'name' | 'tasks' | 'requireSignature'> & {
  dueAt?: string | null;
};

export type QueuedOp = OpInput & {
  /** The Idempotency-Key, also the operation's id (and its photo's id in the blob store). */
  key: string;
  checklistId: string;
  context: OpContext;
  /** When the person made the change (ISO): per task and field the later write wins on the server. */
  changedAt: string;
  /** Order of creation; the queue sends in this order. */
  seq: number;
  /** It was sent at least once: the server may have it (an answer can be lost), so it cannot be taken back. */
  tried?: boolean;
};

/** What the person typed in the editor: kept if the server refuses it later (see `HeldOp`). */
export type DraftOp = QueuedOp & { kind: 'create' | 'edit' };

/**
 * An editor's save the server refused once it was sent from the queue, with nobody waiting for it (a
 * version conflict, a plan limit, a checklist deleted elsewhere): what the person typed is kept here,
 * not dropped, until they review it or discard it.
 */
export type HeldOp = DraftOp & {
  /** The refusal, as the server put it. */
  refusal: { status: number; code: string; message: string };
  heldAt: string;
};

/** The version an edit of a checklist created here (and not saved yet) starts from. */
export const NEW_CHECKLIST_VERSION = 0;

/** The stand-in id of a checklist created on this device and not yet saved on the server. */
export function newChecklistId(key: string): string {
  return `new:${key}`;
}

export function isNewChecklistId(id: string): boolean {
  return id.startsWith('new:');
}

export function isDraftOp(op: QueuedOp): op is DraftOp {
  return op.kind === 'create' || op.kind === 'edit';
}

/** Whether a newer operation makes an unsent older one pointless (and the older is dropped). */
export function supersedes(newer: OpInput & { checklistId: string }, older: QueuedOp): boolean {
  if (newer.checklistId !== older.checklistId) return false;
  switch (newer.kind) {
    case 'remarks':
      return older.kind === 'remarks';
    case 'toggle':
      return older.kind === 'toggle' && older.taskId === newer.taskId;
    // The newer choice of assignee is the one that counts (the server keeps the last one sent).
    case 'assign':
      return older.kind === 'assign';
    case 'photo':
      return older.kind === 'photo' && older.taskId === newer.taskId;
    case 'remove-photo':
      return (older.kind === 'photo' || older.kind === 'remove-photo') && older.taskId === newer.taskId;
    // The newer edit holds the whole checklist as the person left it, from the same version; one already
    // tried may have been applied (its answer lost), so the newer follows it and takes its version.
    case 'edit':
      return older.kind === 'edit' && !older.tried;
    // Whatever else was waiting for a checklist being deleted has nothing left to change; its creation
    // stays (it may be on the server already), and the delete follows it to its real id.
    case 'delete':
      return older.kind !== 'create';
    default:
      return false;
  }
}
