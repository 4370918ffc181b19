import { z } from 'zod';
import {
  CHECKLIST_STATUSES,
  type Checklist,
  type ChecklistSummary,
  type DashboardStats,
  type Task,
} from './checklist.ts';
import { CAPTURE_SOURCES } from './photo-evidence.ts';
import type { Expect, Same } from './schema-types.ts';
import { type ChecklistSignature, SIGNATURE_KINDS } from './signature.ts';
import type { TeamPerson } from './teams.ts';

/**
 * The answers of the checklist endpoints as zod (docs/api.md "Checklists"): the route schemas, the
 * OpenAPI document and the tests' check of every answer read them. The types are in checklist.ts,
 * which the web's pages import without zod; the check at the end keeps both the same.
 */

/** A time as the API writes it: ISO 8601 in UTC (`2026-11-23T21:04:05.123Z`). */
export const IsoDateTime = z.iso
  .datetime()
  .meta({ id: 'DateTime', description: 'ISO 8601, in UTC: 2026-11-23T21:04:05.123Z' });

export const TaskSchema = z
  .strictObject({
    id: z.string(),
    description: z.string(),
    completed: z.boolean(),
    photoRequired: z.boolean(),
    photoUrl: z.string().nullable(),
    referencePhotoUrl: z
      .string()
      .nullable()
      .describe(
        "The owner's example of what good looks like; never proof (it does not satisfy photoRequired)",
      ),
    details: z.string(),
    completedAt: IsoDateTime.nullable(),
    redoNote: z
      .string()
      .nullable()
      .describe("The team's note when it sent this task back (POST …/review redo), until the next submit"),
    photoCapturedAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2})?$/)
      .nullable()
      .describe(
        "The camera's time of the photo, read before re-encoding: its wall clock with the UTC offset when the camera wrote one ('2026-11-20T09:15:00+02:00'), else without a zone; null without one",
      ),
    photoReceivedAt: IsoDateTime.nullable().describe('When the server received the photo'),
    photoCaptureSource: z
      .enum(CAPTURE_SOURCES)
      .nullable()
      .describe("'camera': taken live in the photo dialog; 'library': a file chosen (the client's word)"),
    photoLocation: z
      .strictObject({
        latitude: z.number(),
        longitude: z.number(),
        accuracyM: z.number().int().min(0),
        distanceM: z.number().int().min(0).nullable(),
      })
      .nullable()
      .describe(
        "Where the photo was taken, only when the person allowed it; distanceM from the checklist's address point. Null in a recipient's answer",
      ),
  })
  .meta({
    id: 'Task',
    description: 'A task; photoUrl (proof) and referencePhotoUrl point at GET /api/photos/{photoId}',
  });

/** A member of the team as a checklist names them: who made it, who it is assigned to. */
export const TeamPersonSchema = z
  .strictObject({ uid: z.string(), displayName: z.string() })
  .meta({ id: 'TeamPerson', description: 'A member of the team as a checklist names them' });

// In the order the API writes them (and the OpenAPI document lists them).
const checklistHead = {
  id: z.string(),
  name: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  progress: z.number().int().min(0).max(100),
};
const checklistTail = {
  remarks: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  userId: z.string().nullable(),
  createdBy: TeamPersonSchema.nullable(),
  assignee: TeamPersonSchema.nullable(),
  version: z.number().int().min(0),
  submittedAt: IsoDateTime.nullable(),
  dueAt: IsoDateTime.nullable().describe('When the work is due, or null'),
  overdue: z.boolean().describe('Past dueAt and not completed'),
  cancelled: z
    .boolean()
    .describe("A booking calendar's turnover whose reservation was cancelled before work started"),
  approvedAt: IsoDateTime.nullable().describe('When the team approved the submission, or null'),
  approvedBy: TeamPersonSchema.nullable().describe("Who approved it (null in a recipient's copy)"),
  address: z.string().nullable().describe('Where the work is done, as the owner wrote it'),
  addressLocation: z
    .strictObject({ latitude: z.number(), longitude: z.number() })
    .nullable()
    .describe("The address's point (geocoded, or the owner's device), null when not located"),
};

export const ChecklistSignatureSchema = z
  .strictObject({ kind: z.enum(SIGNATURE_KINDS), signerName: z.string(), signedAt: IsoDateTime })
  .meta({
    id: 'ChecklistSignature',
    description: 'The latest signature given at submit (GET /api/checklists/{id}/signature has the drawing)',
  });

/** A whole checklist's own fields after the tail (issue 34); not on the dashboard's rows. */
const checklistSigning = {
  requireSignature: z.boolean().describe('A submit must carry a signature (400 signature_required)'),
  signature: ChecklistSignatureSchema.nullable(),
};

export const ChecklistSchema = z
  .strictObject({ ...checklistHead, tasks: z.array(TaskSchema), ...checklistTail, ...checklistSigning })
  .meta({
    id: 'Checklist',
    description: 'A checklist with its tasks in order (a recipient sees userId null)',
  });

export const ChecklistSummarySchema = z
  .strictObject({
    ...checklistHead,
    ...checklistTail,
    taskCount: z.number().int().min(0),
    completedCount: z.number().int().min(0),
  })
  .meta({ id: 'ChecklistSummary', description: 'A row of the dashboard list: counts instead of tasks' });

/** GET /api/checklists: the owner's checklists, newest first. */
export const ChecklistListSchema = z
  .array(ChecklistSummarySchema)
  .describe("The owner's checklists, newest first");

export const DashboardStatsSchema = z
  .strictObject({
    activeChecklists: z.number().int().min(0),
    inProgressChecklists: z.number().int().min(0),
    completedToday: z.number().int().min(0),
  })
  .meta({ id: 'DashboardStats', description: "The dashboard's counters ('today' in the asked time zone)" });

/** 409 version_conflict also carries the checklist as it is now. */
export const VERSION_CONFLICT_EXTRA = { version_conflict: { checklist: ChecklistSchema } };

export type ChecklistSchemasMatchTypes = [
  Expect<Same<z.infer<typeof TaskSchema>, Task>>,
  Expect<Same<z.infer<typeof ChecklistSignatureSchema>, ChecklistSignature>>,
  Expect<Same<z.infer<typeof TeamPersonSchema>, TeamPerson>>,
  Expect<Same<z.infer<typeof ChecklistSchema>, Checklist>>,
  Expect<Same<z.infer<typeof ChecklistSummarySchema>, ChecklistSummary>>,
  Expect<Same<z.infer<typeof DashboardStatsSchema>, DashboardStats>>,
];
