import {
  type Checklist,
  type ChecklistSummary,
  computeProgress,
  progressFromCounts,
  type Task,
} from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import { captureTimeText, distanceMeters, type GeoPoint, NO_PHOTO_EVIDENCE } from '#domain/photo-evidence';
import type { ChecklistUpdateMessage } from '#domain/realtime';
import { SHARE_MESSAGES, type SharedChecklistResponse, type VerificationStatus } from '#domain/sharing';
import type { ChecklistSignature } from '#domain/signature';
import type { OriginalTexts, SharedTranslation } from '#domain/translation';
import type { checklists } from '../db/schema/index.ts';
import type { ActorKind } from '../policies/checklists.ts';
import type { ChecklistTexts } from './checklist-texts.ts';
import { type GrantedShare, maskContact, ownerNameOf } from './shares.ts';

/**
 * The one place a checklist's JSON is made, for every answer that carries one: the HTTP answers (one
 * checklist, the owner's list, a tick's, a submit's, the recipient's shared checklist), the realtime
 * update frames and the block of answers a verified shared page carries (decision 0016). Times are
 * UTC ISO 8601 with milliseconds; status and progress come from the tasks (the domain's rule); a
 * recipient never sees the owner's id. The read cache keeps the JSON this module made
 * (docs/decisions/0004), and tests/rules/checklist-answers.test.ts fails when a checklist, a task or a
 * frame holding one is put together anywhere else in the server.
 */

type ChecklistRow = typeof checklists.$inferSelect;

/** A task's stored fields: a row (times as Date) or a record aggregated as JSON (times as text). */
export interface TaskFields {
  id: string;
  description: string;
  details: string;
  completed: boolean;
  completedAt: Date | string | null;
  photoRequired: boolean;
  photoUrl: string | null;
  referencePhotoUrl: string | null;
  /** The team's redo note; absent where a write answers a task that was never sent back. */
  redoNote?: string | null;
}

/**
 * The evidence of a task's photo (the photos row its photo_url names, joined in the same read): the
 * camera's time and offset, the receipt, the capture source and the consented location. Absent fields
 * read as none (a task as an edit or a template makes it has no photo).
 */
export interface TaskPhotoEvidence {
  photoCapturedAt?: string | null;
  photoCapturedOffset?: string | null;
  photoReceivedAt?: Date | string | null;
  photoCaptureSource?: 'camera' | 'library' | null;
  photoLatitude?: number | null;
  photoLongitude?: number | null;
  photoAccuracyM?: number | null;
}

/** A time as the API writes it; a database's JSON text (microseconds, any offset) is read first. */
const iso = (time: Date | string) => (typeof time === 'string' ? new Date(time) : time).toISOString();

/** Where a task's photo was taken, and how far from the checklist's address (null without one). */
function photoLocationOf(row: TaskPhotoEvidence, addressPoint: GeoPoint | null): Task['photoLocation'] {
  const { photoLatitude: latitude, photoLongitude: longitude, photoAccuracyM: accuracyM } = row;
  if (latitude == null || longitude == null || accuracyM == null) return null;
  const distanceM = addressPoint ? distanceMeters(addressPoint, { latitude, longitude }) : null;
  return { latitude, longitude, accuracyM, distanceM };
}

/** A task from its fields and its photo's evidence; the distance is measured from `addressPoint`. */
export function presentTask(row: TaskFields & TaskPhotoEvidence, addressPoint: GeoPoint | null = null): Task {
  const hasPhoto = row.photoUrl !== null;
  return {
    id: row.id,
    description: row.description,
    completed: row.completed,
    photoRequired: row.photoRequired,
    photoUrl: row.photoUrl,
    referencePhotoUrl: row.referencePhotoUrl,
    details: row.details,
    completedAt: row.completedAt ? iso(row.completedAt) : null,
    redoNote: row.redoNote ?? null,
    photoCapturedAt: hasPhoto
      ? captureTimeText(row.photoCapturedAt ?? null, row.photoCapturedOffset ?? null)
      : null,
    photoReceivedAt: hasPhoto && row.photoReceivedAt ? iso(row.photoReceivedAt) : null,
    photoCaptureSource: hasPhoto ? (row.photoCaptureSource ?? null) : null,
    photoLocation: hasPhoto ? photoLocationOf(row, addressPoint) : null,
  };
}

/** A recipient never sees where anyone's photo was taken: locations are the team's alone. */
export function taskAsSeenBy(kind: ActorKind, task: Task): Task {
  return kind === 'owner' || task.photoLocation === null ? task : { ...task, photoLocation: null };
}

/** A checklist's row with the names of its people (repositories/checklist-people.ts), when read. */
type ChecklistRowWithPeople = ChecklistRow & { createdByName?: string | null; assigneeName?: string | null };

/** What a checklist row says of itself; status, progress and tasks come apart. */
function checklistRowFields(row: ChecklistRowWithPeople) {
  return {
    id: row.id,
    name: row.name,
    remarks: row.remarks,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    userId: row.userId,
    createdBy: { uid: row.userId, displayName: row.createdByName ?? '' },
    assignee: row.assigneeUid ? { uid: row.assigneeUid, displayName: row.assigneeName ?? '' } : null,
    version: row.version,
    submittedAt: row.submittedAt ? iso(row.submittedAt) : null,
    dueAt: row.dueAt ? iso(row.dueAt) : null,
    cancelled: row.cancelledAt !== null,
    approvedAt: row.approvedAt ? iso(row.approvedAt) : null,
    approvedBy:
      row.approvedAt && row.approvedByUserId
        ? { uid: row.approvedByUserId, displayName: row.approvedByName ?? '' }
        : null,
    address: row.address,
    addressLocation: addressPointOf(row),
  };
}

/** The checklist's address point: both coordinates, or none. */
function addressPointOf(row: Pick<ChecklistRow, 'addressLatitude' | 'addressLongitude'>): GeoPoint | null {
  const { addressLatitude: latitude, addressLongitude: longitude } = row;
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/**
 * Overdue: the overdue check marked it (past its due time; the mark is what changes the revision, so
 * a cached copy never says otherwise) and it is not completed.
 */
function overdueOf(row: Pick<ChecklistRow, 'overdueAt' | 'cancelledAt'>, status: Checklist['status']) {
  return row.overdueAt !== null && row.cancelledAt === null && status !== 'completed';
}

/** The latest signature as read with the checklist (JSON, time as text) or as just written. */
export interface SignatureFields {
  kind: ChecklistSignature['kind'];
  signerName: string;
  signedAt: Date | string;
}

/** Whether a submit must be signed, and the latest signature (a whole checklist's, not a list row's). */
export function signingFields(
  row: Pick<ChecklistRow, 'requireSignature'>,
  signature: SignatureFields | null | undefined,
): Pick<Checklist, 'requireSignature' | 'signature'> {
  return {
    requireSignature: row.requireSignature,
    signature: signature
      ? { kind: signature.kind, signerName: signature.signerName, signedAt: iso(signature.signedAt) }
      : null,
  };
}

/** A checklist from its row and its tasks' fields, in order (and its latest signature, when read). */
export function presentChecklist(
  row: ChecklistRowWithPeople & {
    tasks: readonly (TaskFields & TaskPhotoEvidence)[];
    signature?: SignatureFields | null;
  },
): Checklist {
  const addressPoint = addressPointOf(row);
  const tasks = row.tasks.map((task) => presentTask(task, addressPoint));
  const progress = computeProgress(tasks, row.submittedAt !== null);
  return {
    ...checklistRowFields(row),
    ...progress,
    overdue: overdueOf(row, progress.status),
    tasks,
    ...signingFields(row, row.signature),
  };
}

/** A row of the owner's list: the checklist with its task counts, status and progress. */
export function presentChecklistSummary(
  row: ChecklistRowWithPeople & { taskCount: number; completedCount: number },
): ChecklistSummary {
  const progress = progressFromCounts(row.completedCount, row.taskCount, row.submittedAt !== null);
  return {
    ...checklistRowFields(row),
    ...progress,
    overdue: overdueOf(row, progress.status),
    taskCount: row.taskCount,
    completedCount: row.completedCount,
  };
}

/** What a tick (or a photo's removal) wrote: the task's new fields and the checklist's new times. */
export interface TaskChange {
  taskId: string;
  completed: boolean;
  completedAt: Date | null;
  photoUrl: string | null;
  checklistUpdatedAt: Date;
  submittedAt: Date | null;
}

/**
 * Whether a checklist is overdue after a change that left it at `status`, from its copy just before:
 * a tick never sets nor clears the overdue mark, so the copy's answer stands unless the change
 * reopened a completed checklist with a due time (its mark is not in the copy: undefined, read it).
 */
function overdueAfter(before: Checklist, status: Checklist['status']): boolean | undefined {
  if (status === 'completed' || before.cancelled) return false;
  if (before.status !== 'completed' || before.dueAt === null) return before.overdue;
  return undefined;
}

/**
 * The checklist after one task changed, from the checklist just before it (the read cache's copy at
 * the previous revision): nothing else differs, so nothing else is read. Null when the copy cannot
 * tell (a completed checklist with a due time reopened): the caller reads it.
 */
export function withTaskChanged(before: Checklist, change: TaskChange): Checklist | null {
  const tasks = before.tasks.map((task) =>
    task.id === change.taskId
      ? {
          ...task,
          completed: change.completed,
          completedAt: change.completedAt ? iso(change.completedAt) : null,
          photoUrl: change.photoUrl,
          // A tick never adds a photo: a photo it removed takes its evidence with it.
          ...(change.photoUrl === null ? NO_PHOTO_EVIDENCE : {}),
        }
      : task,
  );
  const progress = computeProgress(tasks, change.submittedAt !== null);
  const overdue = overdueAfter(before, progress.status);
  if (overdue === undefined) return null;
  return {
    ...before,
    ...progress,
    overdue,
    tasks,
    updatedAt: iso(change.checklistUpdatedAt),
    submittedAt: change.submittedAt ? iso(change.submittedAt) : null,
  };
}

/** The checklist after its remarks were written, from the copy just before (nothing else differs). */
export function withRemarks(before: Checklist, written: { remarks: string; updatedAt: Date }): Checklist {
  return { ...before, remarks: written.remarks, updatedAt: iso(written.updatedAt) };
}

/**
 * The checklist as submitting made it, from the state read under its row's lock just before (and the
 * signature the submit carried, if any).
 */
export function asSubmitted(
  kind: ActorKind,
  current: Checklist,
  submitted: { remarks: string; updatedAt: Date; submittedAt: Date; signature: SignatureFields | null },
): Checklist {
  return {
    ...asSeenBy(kind, current),
    // Submitting clears the notes of tasks sent back (they were for this round of work).
    tasks: current.tasks.map((task) => (task.redoNote === null ? task : { ...task, redoNote: null })),
    ...computeProgress(current.tasks, true),
    overdue: false,
    remarks: submitted.remarks,
    updatedAt: iso(submitted.updatedAt),
    submittedAt: iso(submitted.submittedAt),
    approvedAt: null,
    approvedBy: null,
    ...(submitted.signature ? signingFields(current, submitted.signature) : {}),
  };
}

/** The checklist with its owner's texts in another language, and the originals beside it. */
export function inLanguage(
  checklist: Checklist,
  texts: ChecklistTexts,
): { checklist: Checklist; original: OriginalTexts } {
  return {
    checklist: {
      ...checklist,
      name: texts.name,
      remarks: texts.remarks,
      tasks: checklist.tasks.map((task, i) => ({
        ...task,
        description: texts.tasks[i]?.description ?? task.description,
        details: texts.tasks[i]?.details ?? task.details,
        redoNote: texts.tasks[i]?.redoNote ?? task.redoNote,
      })),
    },
    original: {
      name: checklist.name,
      remarks: checklist.remarks,
      tasks: checklist.tasks.map(({ id, description, details, redoNote }) => ({
        id,
        description,
        details,
        ...(redoNote ? { redoNote } : {}),
      })),
    },
  };
}

/** A recipient sees nothing of the owner but the name the share page shows: no user id. */
export function asSeenBy(kind: ActorKind, checklist: Checklist): Checklist {
  // A recipient sees no team: not who made it, not who it is assigned to or approved it; nor where
  // photos were taken.
  if (kind === 'owner') return checklist;
  return {
    ...checklist,
    userId: null,
    createdBy: null,
    assignee: null,
    approvedBy: null,
    tasks: checklist.tasks.map((task) => taskAsSeenBy(kind, task)),
  };
}

/**
 * A recipient's copy of each checklist as JSON, made once for a tick's answer and the recipients'
 * screens (realtime/hub.ts). A checklist object is never changed once made: a revision is a new one.
 */
const recipientBodies = new WeakMap<Checklist, string>();

/**
 * The JSON body of a checklist for this kind of reader: the owner's is the cached body as it is (no
 * encoding on the hot routes); a recipient's is encoded without the user id, once per checklist.
 */
export function checklistBodyFor(kind: ActorKind, held: { checklist: Checklist; body: string }): string {
  if (kind === 'owner') return held.body;
  let body = recipientBodies.get(held.checklist);
  if (body === undefined) {
    body = JSON.stringify(asSeenBy(kind, held.checklist));
    recipientBodies.set(held.checklist, body);
  }
  return body;
}

/**
 * GET /api/shared/checklist: the checklist as the recipient may see it (in their language when it was
 * translated), with what the page says of the share and its owner.
 */
export function presentSharedChecklist(read: {
  shown: { checklist: Checklist } & SharedTranslation;
  share: GrantedShare;
  owner: { displayName: string; email: string };
}): SharedChecklistResponse {
  const { share } = read;
  return {
    success: true,
    ...read.shown,
    checklist: asSeenBy('recipient', read.shown.checklist),
    targetLanguage: share.targetLanguage as LanguageCode,
    ownerName: ownerNameOf(read.owner),
    recipientName: share.recipientName,
    maskedContact: maskContact(share.channel, share.contact),
    message: SHARE_MESSAGES.loadedToast,
  };
}

/**
 * The realtime 'update' frame of a checklist's new state for one kind of receiver, as JSON text: the
 * checklist's body as `checklistBodyFor` makes it (the owner's cached string spliced in, not encoded
 * again), so every socket of a kind gets the same bytes.
 */
export function checklistUpdateFrame(
  kind: ActorKind,
  update: {
    checklistId: string;
    revision: number;
    held: { checklist: Checklist; body: string };
    recipientId: string | null;
  },
): string {
  const frame: Omit<ChecklistUpdateMessage, 'data'> = {
    type: 'update',
    checklistId: update.checklistId,
    revision: update.revision,
  };
  const head = JSON.stringify(frame).slice(0, -1);
  return `${head},"data":{"checklist":${checklistBodyFor(kind, update.held)},"recipientId":${JSON.stringify(update.recipientId)}}}`;
}

/**
 * The JSON block a verified recipient's shared page carries (domain/sharing.ts SharedPageAnswers): the
 * status and shared-checklist answers as the API gives them to this browser, the shared answer's
 * body spliced in as it was sent (one serialisation), with the revision it holds.
 */
export function sharedPageAnswersText(
  token: string,
  answers: { language: LanguageCode; revision: number; status: VerificationStatus; checklistBody: string },
): string {
  const head = JSON.stringify({
    token,
    language: answers.language,
    revision: answers.revision,
    status: answers.status,
  }).slice(0, -1);
  return `${head},"checklist":${answers.checklistBody}}`;
}
