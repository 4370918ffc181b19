import { z } from 'zod';
import { withoutBidiControls } from './display-text.ts';
import { DueAtInput } from './due-date-input.ts';
import { LANGUAGE_CODES, type LanguageCode, languageCodeMessage } from './languages.ts';
import { groupThousands } from './numbers.ts';
import { ChangedAt } from './offline.ts';
import type { CaptureSource, GeoPoint, PhotoLocation } from './photo-evidence.ts';
import type { ChecklistSignature } from './signature.ts';
import { SignatureInput } from './signature-input.ts';
import type { TeamPerson } from './teams.ts';
import { timeZoneName } from './time-zone-name.ts';

/** Checklists and tasks: shapes, limits, the spec's rules (sections 3-5) and its messages. */

export const CHECKLIST_STATUSES = ['not-started', 'in-progress', 'completed'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

/** Bounds the spec leaves open ("not shown"); both the editor and the server read them from here. */
export const CHECKLIST_LIMITS = {
  nameMax: 200,
  tasksMax: 500,
  descriptionMax: 1_000,
  detailsMax: 5_000,
  remarksMax: 10_000,
  /** The version column is a PostgreSQL integer (32 bits): a version past it was never given out. */
  versionMax: 2_147_483_647,
} as const;

/** 1,000 rather than 1000: the limits read the same in every message. */
const count = groupThousands;

export const CHECKLIST_MESSAGES = {
  nameRequired: 'Checklist name is required',
  taskRequired: 'Add at least one task',
  descriptionsRequired: 'All tasks must have descriptions',
  nameTooLong: `Checklist name must be at most ${count(CHECKLIST_LIMITS.nameMax)} characters`,
  tooManyTasks: `A checklist can have at most ${count(CHECKLIST_LIMITS.tasksMax)} tasks`,
  descriptionTooLong: `Task descriptions must be at most ${count(CHECKLIST_LIMITS.descriptionMax)} characters`,
  detailsTooLong: `Task details must be at most ${count(CHECKLIST_LIMITS.detailsMax)} characters`,
  remarksTooLong: `Remarks must be at most ${count(CHECKLIST_LIMITS.remarksMax)} characters`,
  missingPhotos: 'Missing photos',
  versionConflict:
    'This checklist was changed elsewhere since you opened it. The latest version is shown; please make your change again.',
} as const;

export interface Task {
  id: string;
  description: string;
  completed: boolean;
  photoRequired: boolean;
  photoUrl: string | null;
  /**
   * The owner's example of what good looks like (GET /api/photos/{id}), or null. Never proof: it does
   * not satisfy `photoRequired`, tick the task or count towards progress.
   */
  referencePhotoUrl: string | null;
  /** Optional longer instructions, shown expandable under the task ('' when none). */
  details: string;
  /** When the task was last ticked (ISO), null when it is not complete. */
  completedAt: string | null;
  /** The team's note when it sent this task back (a redo), until the next submission; else null. */
  redoNote: string | null;
  /** The photo's evidence (domain/photo-evidence.ts): camera time ('…T09:15:00+02:00'), receipt, source. */
  photoCapturedAt: string | null;
  photoReceivedAt: string | null;
  photoCaptureSource: CaptureSource | null;
  /** Where it was taken (with consent) and how far from the address; null in a recipient's copy. */
  photoLocation: PhotoLocation | null;
}

export interface Checklist {
  id: string;
  name: string;
  status: ChecklistStatus;
  /** 0-100, a whole percent; computed on the server from the tasks. */
  progress: number;
  tasks: Task[];
  remarks: string;
  createdAt: string;
  updatedAt: string;
  userId: string | null;
  /** The member of the team who made it; null in a recipient's copy (they see no team). */
  createdBy: TeamPerson | null;
  /** The member it is assigned to, or null (always null in a recipient's copy). */
  assignee: TeamPerson | null;
  /** Optimistic concurrency: PUT must send the version it edited; a stale one answers 409. */
  version: number;
  /** When it was submitted as completed (ISO), or null. */
  submittedAt: string | null;
  /** When the work is due (ISO), or null (issue 31). */
  dueAt: string | null;
  /** Past `dueAt` and not completed, as the server found it (its overdue check marks it once). */
  overdue: boolean;
  /** A turnover whose reservation was cancelled before work started: nothing is to be done. */
  cancelled: boolean;
  /** When the team approved the submitted work (ISO), or null; cleared when it goes back in progress. */
  approvedAt: string | null;
  /** Who approved it; null when not approved, and in a recipient's copy (they see no team). */
  approvedBy: TeamPerson | null;
  /** A submit must carry a signature (issue 34). */
  requireSignature: boolean;
  /** The latest signature given at submit, or null. */
  signature: ChecklistSignature | null;
  /** Where the work is done (issue 34), and its point (geocoded or the owner's device's) when located. */
  address: string | null;
  addressLocation: GeoPoint | null;
}

/** A row of the dashboard list: no tasks, their count instead. */
export interface ChecklistSummary extends Omit<Checklist, 'tasks' | 'requireSignature' | 'signature'> {
  taskCount: number;
  completedCount: number;
}

/** A checklist as a row of the dashboard list. */
export function summarizeChecklist({
  tasks,
  requireSignature: _require,
  signature: _signature,
  ...checklist
}: Checklist): ChecklistSummary {
  return {
    ...checklist,
    taskCount: tasks.length,
    completedCount: tasks.filter((task) => task.completed).length,
  };
}

export interface DashboardStats {
  activeChecklists: number;
  inProgressChecklists: number;
  completedToday: number;
}

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * Progress is the share of completed tasks, rounded to a whole percent; 100% gives completed,
 * above 0 gives in-progress, otherwise not-started. A submitted checklist is completed at 100.
 */
export function computeProgress(
  tasks: readonly Pick<Task, 'completed'>[],
  submitted = false,
): { status: ChecklistStatus; progress: number } {
  const done = tasks.filter((task) => task.completed).length;
  return progressFromCounts(done, tasks.length, submitted);
}

/** The same rule from counts (the dashboard list and counters read counts, not tasks). */
export function progressFromCounts(
  done: number,
  total: number,
  submitted = false,
): { status: ChecklistStatus; progress: number } {
  if (submitted) return { status: 'completed', progress: 100 };
  if (total === 0 || done === 0) return { status: 'not-started', progress: 0 };
  if (done >= total) return { status: 'completed', progress: 100 };
  // Rounded to a whole percent, but never to 0 or 100 while in progress: 1 of 300 reads 1%, not
  // 'In Progress (0%)', and 299 of 300 reads 99%, not 'In Progress (100%)'.
  const progress = Math.min(99, Math.max(1, Math.round((done / total) * 100)));
  return { status: 'in-progress', progress };
}

/** The status badge's text (spec section 4). */
export function statusBadgeText(status: string | null | undefined, progress?: number | null): string {
  if (status === 'completed') return 'Completed';
  if (status === 'in-progress') return `In Progress (${progress ?? 0}%)`;
  return 'Not Started';
}

export { checklistRowSubtitle, createdDateLabel, type DateLike } from './checklist-dates.ts';

/**
 * Completed tasks that need a photo and have none: they block submission ('Missing photos'). Only the
 * proof (`photoUrl`) counts; a reference photo is the owner's example, never proof.
 */
export function tasksMissingPhotos(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.completed && task.photoRequired && !task.photoUrl);
}

type TaskShape = { description: string; photoRequired: boolean };

/**
 * How an edit's tasks meet the checklist's (PUT, and the pending edit laid over a checklist offline):
 * each sent task is an existing one, matched by id once, or a new one; `changesWork` says whether the
 * work itself changed (a task added, removed, reworded or its photo rule changed), which reopens a
 * submitted checklist.
 */
export function matchEditedTasks<
  Current extends TaskShape & { id: string },
  Sent extends TaskShape & { id?: string | undefined },
>(
  existing: readonly Current[],
  sent: readonly Sent[],
): { matches: { sent: Sent; current: Current | undefined }[]; changesWork: boolean } {
  const byId = new Map(existing.map((task) => [task.id, task]));
  let changesWork = false;
  const matches = sent.map((task) => {
    const current = task.id ? byId.get(task.id) : undefined;
    // An id is kept once: a repeat (or an id this checklist never had) is a new task.
    if (!current) changesWork = true;
    else {
      byId.delete(current.id);
      if (current.description !== task.description || current.photoRequired !== task.photoRequired) {
        changesWork = true;
      }
    }
    return { sent: task, current };
  });
  if (byId.size > 0) changesWork = true;
  return { matches, changesWork };
}

// ---------------------------------------------------------------------------------------------
// Schemas (one per endpoint; the editor validates with the same ones)

/** The editor's checks, in the spec's order: the first failure is the one shown. */
export function validateChecklistDraft(draft: {
  name: string;
  tasks: readonly { description: string }[];
}): string | null {
  // As stored: without bidi controls (a name of nothing else is blank), trimmed.
  const shown = (text: string) => withoutBidiControls(text).trim();
  if (!shown(draft.name)) return CHECKLIST_MESSAGES.nameRequired;
  if (draft.tasks.length === 0) return CHECKLIST_MESSAGES.taskRequired;
  if (draft.tasks.some((task) => !shown(task.description))) return CHECKLIST_MESSAGES.descriptionsRequired;
  if (shown(draft.name).length > CHECKLIST_LIMITS.nameMax) return CHECKLIST_MESSAGES.nameTooLong;
  if (draft.tasks.length > CHECKLIST_LIMITS.tasksMax) return CHECKLIST_MESSAGES.tooManyTasks;
  if (draft.tasks.some((task) => shown(task.description).length > CHECKLIST_LIMITS.descriptionMax)) {
    return CHECKLIST_MESSAGES.descriptionTooLong;
  }
  return null;
}

/** Longest id or photo URL a body may carry (ours are far shorter). */
export const ID_MAX = 100;
export const PHOTO_URL_MAX = 2_048;

const Remarks = z.string().max(CHECKLIST_LIMITS.remarksMax, { error: CHECKLIST_MESSAGES.remarksTooLong });

/** A task as the editor sends it. An id the checklist does not have yet makes a new task. */
export const TaskInput = z.object({
  id: z.string().max(ID_MAX).optional(),
  description: z
    .string({ error: CHECKLIST_MESSAGES.descriptionsRequired })
    .overwrite(withoutBidiControls)
    .trim()
    .max(CHECKLIST_LIMITS.descriptionMax, { error: CHECKLIST_MESSAGES.descriptionTooLong }),
  photoRequired: z.boolean().optional().default(false),
  details: z
    .string()
    .max(CHECKLIST_LIMITS.detailsMax, { error: CHECKLIST_MESSAGES.detailsTooLong })
    .optional()
    .default(''),
  // Sent by the spec's client as part of "the whole checklist"; ticks go through PATCH, so these are ignored.
  completed: z.boolean().optional(),
  photoUrl: z.string().max(PHOTO_URL_MAX).nullable().optional(),
});
export type TaskInput = z.input<typeof TaskInput>;

const ChecklistFields = z.object({
  name: z
    .string({ error: CHECKLIST_MESSAGES.nameRequired })
    .overwrite(withoutBidiControls)
    .trim()
    .max(CHECKLIST_LIMITS.nameMax, { error: CHECKLIST_MESSAGES.nameTooLong }),
  tasks: z
    .array(TaskInput, { error: CHECKLIST_MESSAGES.taskRequired })
    .max(CHECKLIST_LIMITS.tasksMax, { error: CHECKLIST_MESSAGES.tooManyTasks }),
  remarks: Remarks.optional(),
  /** When the work is due (an instant, or null for none); left out, PUT keeps it as it is. */
  dueAt: DueAtInput.optional(),
  /** The spec's client sends the owner's id; it must be the session's user. */
  userId: z.string().max(ID_MAX).nullable().optional(),
  /** A submit must carry a signature (issue 34); left out, POST makes it false and PUT keeps it. */
  requireSignature: z.boolean().optional(),
  /** Required by PUT: the version the edit started from. */
  version: z.number().int().min(0).max(CHECKLIST_LIMITS.versionMax).optional(),
});
export type ChecklistInput = z.input<typeof ChecklistFields>;

const DRAFT_MESSAGE_PATHS: Record<string, string> = {
  [CHECKLIST_MESSAGES.nameRequired]: 'name',
  [CHECKLIST_MESSAGES.nameTooLong]: 'name',
};

/** Reads a body of any shape as a draft: what is missing or of the wrong type reads as blank. */
function draftOf(value: unknown): { name: string; tasks: { description: string }[] } {
  const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  const tasks: unknown[] = Array.isArray(body.tasks) ? body.tasks : [];
  return {
    name: text(body.name),
    tasks: tasks.map((task) => ({
      description: text(
        typeof task === 'object' && task !== null ? (task as { description?: unknown }).description : '',
      ),
    })),
  };
}

/**
 * The editor's checks run on the raw body first, so whatever else is wrong with it the first message
 * is the one the editor shows for it, in the spec's order (name, at least one task, descriptions),
 * then the bounds; only a body that passes them has its full shape checked.
 */
function withEditorChecksFirst<Shape extends z.ZodType>(shape: Shape) {
  // A preprocess step (not a refinement of z.unknown()) so that the JSON Schema of the body, in the
  // OpenAPI document, is the shape's: a pipe that starts with a transform is documented by its end.
  return z.preprocess((value, ctx) => {
    const message = validateChecklistDraft(draftOf(value));
    if (message) ctx.addIssue({ code: 'custom', message, path: [DRAFT_MESSAGE_PATHS[message] ?? 'tasks'] });
    return value;
  }, shape);
}

/** The body of POST /api/checklists. */
export const ChecklistInput = withEditorChecksFirst(ChecklistFields);
/** A checklist body once validated: trimmed, defaults filled in. */
export type ChecklistData = z.output<typeof ChecklistInput>;

/** The body of PUT /api/checklists/{id}: the same, with the version the edit started from. */
export const ChecklistUpdateInput = withEditorChecksFirst(
  ChecklistFields.extend({
    version: z
      .number({ error: 'Send the version of the checklist you edited' })
      .int()
      .min(0, { error: 'Send the version of the checklist you edited' })
      .max(CHECKLIST_LIMITS.versionMax, { error: 'Send the version of the checklist you edited' }),
  }),
);
export type ChecklistUpdateInput = z.input<typeof ChecklistUpdateInput>;
export type ChecklistUpdateData = z.output<typeof ChecklistUpdateInput>;

/** PATCH /api/checklists/{id}/tasks/{taskId}: a partial task. */
export const TaskPatchInput = z
  .object({
    completed: z.boolean().optional(),
    /** Only removal is accepted here; photos are attached by uploading them. */
    photoUrl: z.null().optional(),
    /** When the person made the change (offline writes); later write wins per field (offline.ts). */
    changedAt: ChangedAt.optional(),
  })
  .refine((value) => value.completed !== undefined || value.photoUrl !== undefined, {
    error: 'Nothing to change: send completed or photoUrl',
  });
export type TaskPatchInput = z.input<typeof TaskPatchInput>;
export type TaskPatch = z.output<typeof TaskPatchInput>;

/** PATCH /api/checklists/{id}: the remarks (owner or verified recipient). */
/**
 * The language remarks are written in (issue 13): optional; a recipient's default to their share's
 * language, an owner's are in the owner's language.
 */
const RemarksLanguage = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], {
  error: languageCodeMessage('remarksLanguage'),
});

export const RemarksInput = z.object({
  remarks: Remarks,
  changedAt: ChangedAt.optional(),
  remarksLanguage: RemarksLanguage.optional(),
});
export type RemarksInput = z.output<typeof RemarksInput>;

/** POST /api/checklists/{id}/submit; the body may be left out. A signature: signature-input.ts. */
export const SubmitInput = z
  .object({
    remarks: Remarks.optional(),
    remarksLanguage: RemarksLanguage.optional(),
    signature: SignatureInput.optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type SubmitData = z.output<typeof SubmitInput>;

/** GET /api/checklists?userId= (the spec's client names the owner; it must be the session's user). */
export const ChecklistListQuery = z.object({ userId: z.string().max(ID_MAX).optional() });

/** Path parameters of /api/checklists/{id} and /api/checklists/{id}/tasks/{taskId}. */
export const ChecklistParams = z.object({ id: z.string().min(1).max(ID_MAX) });
export const TaskParams = ChecklistParams.extend({ taskId: z.string().min(1).max(ID_MAX) });

/** GET /api/dashboard/stats?timeZone=Europe/Paris: 'today' starts at the viewer's local midnight. */
export const DashboardStatsQuery = z.object({ timeZone: timeZoneName('timeZone').optional().default('UTC') });
