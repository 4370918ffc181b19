import { differenceInCalendarDays, format } from 'date-fns';
import { z } from 'zod';

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
} as const;

export const CHECKLIST_MESSAGES = {
  nameRequired: 'Checklist name is required',
  taskRequired: 'Add at least one task',
  descriptionsRequired: 'All tasks must have descriptions',
  nameTooLong: `Checklist name must be at most ${CHECKLIST_LIMITS.nameMax} characters`,
  tooManyTasks: `A checklist can have at most ${CHECKLIST_LIMITS.tasksMax} tasks`,
  descriptionTooLong: `Task descriptions must be at most ${CHECKLIST_LIMITS.descriptionMax} characters`,
  detailsTooLong: `Task details must be at most ${CHECKLIST_LIMITS.detailsMax} characters`,
  remarksTooLong: `Remarks must be at most ${CHECKLIST_LIMITS.remarksMax.toLocaleString('en-US')} characters`,
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
  /** Optional longer instructions, shown expandable under the task ('' when none). */
  details: string;
  /** When the task was last ticked (ISO), null when it is not complete. */
  completedAt: string | null;
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
  /** Optimistic concurrency: PUT must send the version it edited; a stale one answers 409. */
  version: number;
  /** When it was submitted as completed (ISO), or null. */
  submittedAt: string | null;
}

/** A row of the dashboard list: no tasks, their count instead. */
export type ChecklistSummary = Omit<Checklist, 'tasks'> & { taskCount: number; completedCount: number };

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
  if (submitted) return { status: 'completed', progress: 100 };
  const total = tasks.length;
  const done = tasks.filter((task) => task.completed).length;
  return progressFromCounts(done, total);
}

export function progressFromCounts(
  done: number,
  total: number,
): { status: ChecklistStatus; progress: number } {
  const progress = total === 0 ? 0 : Math.round((done / total) * 100);
  const status: ChecklistStatus =
    total > 0 && done === total ? 'completed' : done > 0 ? 'in-progress' : 'not-started';
  return { status, progress };
}

/** The status badge's text (spec section 4). */
export function statusBadgeText(status: string | null | undefined, progress?: number | null): string {
  if (status === 'completed') return 'Completed';
  if (status === 'in-progress') return `In Progress (${progress ?? 0}%)`;
  return 'Not Started';
}

/** A created date as the spec has it: a Date, an ISO string, or an object with a toDate method. */
export type DateLike = Date | string | number | { toDate(): Date } | null | undefined;

function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object' && typeof value.toDate === 'function') return value.toDate();
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'Just now' when missing; 'Today', 'Yesterday', '{n} days ago' under 7 days; else 'MMM d, yyyy'.
 * Days are calendar days in the viewer's time zone: something made at 23:00 yesterday is 'Yesterday'.
 */
export function createdDateLabel(createdAt: DateLike, now: Date = new Date()): string {
  const date = toDate(createdAt);
  if (!date) return 'Just now';
  const days = differenceInCalendarDays(now, date);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return format(date, 'MMM d, yyyy');
}

/** '{taskCount} tasks • Created {relative date}' (dashboard row). */
export function checklistRowSubtitle(taskCount: number, createdAt: DateLike, now: Date = new Date()): string {
  return `${taskCount} tasks • Created ${createdDateLabel(createdAt, now)}`;
}

/** Completed tasks that need a photo and have none: they block submission ('Missing photos'). */
export function tasksMissingPhotos(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.completed && task.photoRequired && !task.photoUrl);
}

// ---------------------------------------------------------------------------------------------
// Schemas (one per endpoint; the editor validates with the same ones)

/** The editor's checks, in the spec's order: the first failure is the one shown. */
export function validateChecklistDraft(draft: {
  name: string;
  tasks: readonly { description: string }[];
}): string | null {
  if (!draft.name.trim()) return CHECKLIST_MESSAGES.nameRequired;
  if (draft.tasks.length === 0) return CHECKLIST_MESSAGES.taskRequired;
  if (draft.tasks.some((task) => !task.description.trim())) return CHECKLIST_MESSAGES.descriptionsRequired;
  if (draft.name.trim().length > CHECKLIST_LIMITS.nameMax) return CHECKLIST_MESSAGES.nameTooLong;
  if (draft.tasks.length > CHECKLIST_LIMITS.tasksMax) return CHECKLIST_MESSAGES.tooManyTasks;
  if (draft.tasks.some((task) => task.description.trim().length > CHECKLIST_LIMITS.descriptionMax)) {
    return CHECKLIST_MESSAGES.descriptionTooLong;
  }
  return null;
}

const Remarks = z.string().max(CHECKLIST_LIMITS.remarksMax, { error: CHECKLIST_MESSAGES.remarksTooLong });

/** A task as the editor sends it. An id the checklist does not have yet makes a new task. */
export const TaskInput = z.object({
  id: z.string().max(100).optional(),
  description: z.string({ error: CHECKLIST_MESSAGES.descriptionsRequired }).trim(),
  photoRequired: z.boolean().optional().default(false),
  details: z
    .string()
    .max(CHECKLIST_LIMITS.detailsMax, { error: CHECKLIST_MESSAGES.detailsTooLong })
    .optional()
    .default(''),
  // Sent by the spec's client as part of "the whole checklist"; ticks go through PATCH, so these are ignored.
  completed: z.boolean().optional(),
  photoUrl: z.string().nullable().optional(),
});
export type TaskInput = z.input<typeof TaskInput>;

/**
 * The body of POST /api/checklists and PUT /api/checklists/{id}. The editor's three checks come
 * first and in the spec's order, so the first message the server answers is the one the editor shows.
 */
export const ChecklistInput = z
  .object({
    name: z.string({ error: CHECKLIST_MESSAGES.nameRequired }).trim(),
    tasks: z.array(TaskInput, { error: CHECKLIST_MESSAGES.taskRequired }),
    remarks: Remarks.optional(),
    /** The spec's client sends the owner's id; it must be the session's user. */
    userId: z.string().nullable().optional(),
    /** Required by PUT: the version the edit started from. */
    version: z.number().int().min(0).optional(),
  })
  .superRefine((value, ctx) => {
    const message = validateChecklistDraft(value);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['checklist'] });
  });
export type ChecklistInput = z.input<typeof ChecklistInput>;

/** PATCH /api/checklists/{id}/tasks/{taskId}: a partial task. */
export const TaskPatchInput = z
  .object({
    completed: z.boolean().optional(),
    /** Only removal is accepted here; photos are attached by uploading them. */
    photoUrl: z.null().optional(),
  })
  .refine((value) => value.completed !== undefined || value.photoUrl !== undefined, {
    error: 'Nothing to change: send completed or photoUrl',
  });
export type TaskPatchInput = z.input<typeof TaskPatchInput>;

/** PATCH /api/checklists/{id}: the remarks (owner or verified recipient). */
export const RemarksInput = z.object({ remarks: Remarks });

/** POST /api/checklists/{id}/submit */
export const SubmitInput = z.object({ remarks: Remarks.optional() });

/** GET /api/dashboard/stats?timeZone=Europe/Paris: 'today' starts at the viewer's local midnight. */
export const DashboardStatsQuery = z.object({
  timeZone: z
    .string()
    .max(64)
    .optional()
    .default('UTC')
    .refine(isValidTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/Paris' }),
});

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
