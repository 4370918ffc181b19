import { z } from 'zod';

/** What migration 0008's triggers send on `listsync_changes` (one JSON object per notice). */
export const ChangeNotice = z.union([
  z.object({
    kind: z.literal('checklist'),
    op: z.literal('change'),
    checklistId: z.string(),
    ownerId: z.string(),
    revision: z.number().int(),
    /** The share of the recipient whose action this was; null for the owner. */
    actorShareId: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('checklist'),
    op: z.literal('delete'),
    checklistId: z.string(),
    ownerId: z.string(),
  }),
  /** Grants of a share of this checklist ended (revoked, link replaced). */
  z.object({ kind: z.literal('access'), checklistId: z.string() }),
  /** The owner's plan changed (a billing webhook): their dashboards refetch the plan card. */
  z.object({ kind: z.literal('plan'), userId: z.string() }),
  /**
   * A machine translation of this checklist into `language` landed after a page was answered
   * without it (services/shared-translation.ts): its pages refetch.
   */
  z.object({ kind: z.literal('translation'), checklistId: z.string(), language: z.string() }),
  /** A session ended (sign-out, expiry sweep): sessions.id_hash. */
  z.object({ kind: z.literal('session-ended'), sessionHash: z.string() }),
]);
export type ChangeNotice = z.infer<typeof ChangeNotice>;

/** Parses one payload; null for anything else (a notice from a later schema, say). */
export function parseChangeNotice(payload: string): ChangeNotice | null {
  try {
    const parsed = ChangeNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
