import {
  type Checklist,
  type ChecklistSummary,
  computeProgress,
  matchEditedTasks,
  summarizeChecklist,
  type Task,
} from '#domain/checklist';
import { NO_PHOTO_EVIDENCE } from '#domain/photo-evidence';
import { type ChecklistBody, NEW_CHECKLIST_VERSION, type QueuedOp } from './operations.ts';

export interface PendingView {
  /** The checklist as the person will see it once everything pending is saved. */
  checklist: Checklist;
  /** Tasks with a change not yet saved on the server. */
  pendingTaskIds: ReadonlySet<string>;
  /** Tasks with a photo waiting on this device: task id -> the operation's key (its photo's id). */
  pendingPhotos: ReadonlyMap<string, string>;
  remarksPending: boolean;
  submitPending: boolean;
  /** The owner's edit (name, tasks, order) is kept on this device, not yet saved. */
  editPending: boolean;
  /** Tasks added by that edit: they get their real id once it is saved, and cannot be ticked before. */
  draftTaskIds: ReadonlySet<string>;
  /** The owner deleted it on this device; the server is told once online. */
  deletePending: boolean;
  /** A new assignee chosen on this device, not yet saved. */
  assigneePending: boolean;
}

/** The checklist as an edit makes it: tasks matched by id keep their ticks and photos (as on the server). */
function applyEdit(
  tasks: readonly Task[],
  body: ChecklistBody,
  draftTaskIds: Set<string>,
): { tasks: Task[]; changesWork: boolean } {
  const sent = body.tasks.map((task, index) => ({
    id: task.id ?? `draft-${index}`,
    description: task.description,
    details: task.details ?? '',
    photoRequired: task.photoRequired ?? false,
  }));
  const { matches, changesWork } = matchEditedTasks(tasks, sent);
  const edited = matches.map(({ sent: task, current }): Task => {
    if (current) return { ...current, ...task, id: current.id };
    draftTaskIds.add(task.id);
    return {
      ...task,
      completed: false,
      photoUrl: null,
      referencePhotoUrl: null,
      completedAt: null,
      redoNote: null,
      ...NO_PHOTO_EVIDENCE,
    };
  });
  return { tasks: edited, changesWork };
}

/** What the pending operations make of a checklist, gathered as they are laid over it one by one. */
interface Layers extends Omit<PendingView, 'checklist'> {
  tasks: Checklist['tasks'];
  name: string;
  remarks: Checklist['remarks'];
  submittedAt: Checklist['submittedAt'];
  assignee: Checklist['assignee'];
  dueAt: Checklist['dueAt'];
  pendingTaskIds: Set<string>;
  pendingPhotos: Map<string, string>;
  draftTaskIds: Set<string>;
}

/** Nothing laid over the server's copy yet. */
function noLayers(server: Checklist): Layers {
  return {
    tasks: server.tasks,
    name: server.name,
    remarks: server.remarks,
    submittedAt: server.submittedAt,
    assignee: server.assignee,
    dueAt: server.dueAt,
    pendingTaskIds: new Set<string>(),
    pendingPhotos: new Map<string, string>(),
    remarksPending: false,
    submitPending: false,
    editPending: false,
    draftTaskIds: new Set<string>(),
    deletePending: false,
    assigneePending: false,
  };
}

function changeTask(
  layers: Layers,
  taskId: string,
  change: (task: Checklist['tasks'][number]) => object,
): void {
  if (!layers.tasks.some((task) => task.id === taskId)) return; // the task is gone: the server will refuse it
  layers.tasks = layers.tasks.map((task) => (task.id === taskId ? { ...task, ...change(task) } : task));
  layers.pendingTaskIds.add(taskId);
}

/** One pending operation laid over what the ones before it made. */
function layOver(layers: Layers, op: QueuedOp): void {
  switch (op.kind) {
    case 'toggle':
      changeTask(layers, op.taskId, (task) => ({
        completed: op.completed,
        completedAt: op.completed ? (task.completedAt ?? op.changedAt) : null,
      }));
      if (!op.completed) layers.submittedAt = null; // unticking reopens a submitted checklist, as on the server
      break;
    case 'remove-photo':
      // The photo's evidence goes with it, as on the server.
      changeTask(layers, op.taskId, () => ({ photoUrl: null, ...NO_PHOTO_EVIDENCE }));
      layers.pendingPhotos.delete(op.taskId);
      break;
    case 'photo':
      changeTask(layers, op.taskId, (task) => ({
        completed: true,
        completedAt: task.completedAt ?? op.changedAt,
      }));
      layers.pendingPhotos.set(op.taskId, op.key);
      break;
    case 'remarks':
      layers.remarks = op.remarks;
      layers.remarksPending = true;
      break;
    case 'submit':
      layers.remarks = op.remarks;
      layers.submittedAt = layers.submittedAt ?? op.changedAt;
      layers.submitPending = true;
      break;
    case 'edit': {
      const edited = applyEdit(layers.tasks, op.body, layers.draftTaskIds);
      layers.tasks = edited.tasks;
      layers.name = op.body.name;
      if (op.body.dueAt !== undefined) layers.dueAt = op.body.dueAt;
      // Adding, removing or rewording work reopens a submitted checklist, as on the server.
      if (edited.changesWork) layers.submittedAt = null;
      layers.editPending = true;
      break;
    }
    case 'delete':
      layers.deletePending = true;
      break;
    case 'assign':
      layers.assignee = op.assignee;
      layers.assigneePending = true;
      break;
    case 'create':
      break; // a checklist of its own (see overlayPendingList)
  }
}

/**
 * The query cache holds the server's truth (from answers, refetches and realtime updates); what is
 * still in the offline queue is laid over it when rendering, in the order it was made. A server update
 * arriving while changes are pending therefore never hides them, and once they are sent the server's
 * answer simply takes over.
 */
export function overlayPending(server: Checklist, ops: readonly QueuedOp[]): PendingView {
  const mine = ops.filter((op) => op.checklistId === server.id);
  const layers = noLayers(server);
  for (const op of mine) layOver(layers, op);
  const { tasks, name, remarks, submittedAt, assignee, dueAt, ...pending } = layers;
  if (mine.length === 0) return { checklist: server, ...pending };
  const submitted = submittedAt !== null;
  const checklist: Checklist = {
    ...server,
    name,
    tasks,
    remarks,
    submittedAt,
    assignee,
    // A due time changed here is shown at once; the server's overdue mark waits for the server.
    ...(dueAt !== server.dueAt ? { dueAt, overdue: false } : {}),
    ...computeProgress(tasks, submitted),
  };
  return { checklist, ...pending };
}

/** A checklist created on this device, as the server will have it (its tasks not ticked yet). */
export function createdChecklist(op: QueuedOp & { kind: 'create' }): Checklist {
  return {
    id: op.checklistId,
    name: op.body.name,
    status: 'not-started',
    progress: 0,
    tasks: applyEdit([], op.body, new Set()).tasks,
    remarks: '',
    createdAt: op.changedAt,
    updatedAt: op.changedAt,
    userId: op.userId,
    // Only its maker's device shows it ('By you'); the server's answer names them in full.
    createdBy: op.userId ? { uid: op.userId, displayName: '' } : null,
    assignee: null,
    version: NEW_CHECKLIST_VERSION,
    submittedAt: null,
    dueAt: op.body.dueAt ?? null,
    overdue: false,
    cancelled: false,
    approvedAt: null,
    approvedBy: null,
    requireSignature: op.body.requireSignature ?? false,
    signature: null,
    address: null,
    addressLocation: null,
  };
}

/** A checklist created here and not saved yet, with the edits made to it since. */
export function pendingCreatedChecklist(ops: readonly QueuedOp[], id: string): Checklist | undefined {
  const op = ops.find((item) => item.kind === 'create' && item.checklistId === id);
  return op?.kind === 'create' ? overlayPending(createdChecklist(op), ops).checklist : undefined;
}

/** A row of the owner's list as this device will have it once everything pending is saved. */
export interface PendingRow {
  summary: ChecklistSummary;
  /** 'create': made on this device, not on the server yet (it has no real id); 'change': something pending. */
  pending: 'create' | 'change' | null;
  /** For a created one: its operation's key (to discard it before it syncs). */
  key?: string;
}

/**
 * The dashboard's list with what is pending laid over it: checklists created here first (the list is
 * newest first), deleted ones gone, edited ones renamed and recounted. `detail` gives a checklist's
 * cached copy with its tasks, when there is one (the editor always had it), for exact counts; `userId`
 * is the signed-in owner.
 */
export function overlayPendingList(
  server: readonly ChecklistSummary[],
  ops: readonly QueuedOp[],
  detail: (id: string) => Checklist | undefined,
  userId: string | null,
): PendingRow[] {
  const touched = new Set(ops.map((op) => op.checklistId));
  const rows: PendingRow[] = [];
  for (const op of ops) {
    // Made by this owner: another account signed in on this device is not shown it.
    if (op.kind !== 'create' || op.userId !== userId) continue;
    const view = overlayPending(createdChecklist(op), ops);
    if (!view.deletePending)
      rows.unshift({ summary: summarizeChecklist(view.checklist), pending: 'create', key: op.key });
  }
  for (const summary of server) {
    if (!touched.has(summary.id)) {
      rows.push({ summary, pending: null });
      continue;
    }
    const cached = detail(summary.id);
    const base: Checklist = cached ?? { ...summary, tasks: [], requireSignature: false, signature: null };
    const view = overlayPending(base, ops);
    if (view.deletePending) continue;
    const { name, assignee, taskCount, completedCount, status, progress } = summarizeChecklist(
      view.checklist,
    );
    rows.push({
      summary: cached
        ? { ...summary, name, assignee, taskCount, completedCount, status, progress }
        : // Without its tasks only the name, the assignee (and the count an edit states) can be told.
          { ...summary, name, assignee, ...(view.editPending ? { taskCount } : {}) },
      pending: 'change',
    });
  }
  return rows;
}
