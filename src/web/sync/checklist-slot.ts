import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Checklist } from '#domain/checklist';
import { cachedRevision, markRevision } from '../lib/copy-revisions.ts';
import type { OpContext } from './operations.ts';

/**
 * Where one checklist sits in the query cache, and who sends the changes made to it: the owner's
 * checklist, cached by its id (owner-checklist-slot.ts), or a recipient's, inside the share's answer
 * cached by its token and language (shared-checklist-slot.ts). One set of actions, one live
 * subscription and one way of putting the queue's answers in place serve both pages through it. Both
 * send to the same routes; the server tells owner from recipient by their cookies.
 *
 * (Not the server's checklist read cache, src/server/services/checklist-cache.ts: that one keeps
 * checklists' JSON by revision on a server instance.)
 */
export interface ChecklistQuerySlot {
  checklistId: string;
  key: QueryKey;
  /** Who sends the changes (kept with each queued change, so it is sent the same way after a reload). */
  context: OpContext;
  read(queryClient: QueryClient): Checklist | undefined;
  /** Changes the cached checklist, if there is one. */
  write(queryClient: QueryClient, change: (checklist: Checklist) => Checklist): void;
  /** After a change is saved: whatever else shows this checklist (the owner's list and counters). */
  refreshRelated(queryClient: QueryClient): Promise<unknown>;
  /** Who it is shared with changed (the owner's share list and activity trail; a recipient has none). */
  refreshSharing?(queryClient: QueryClient): Promise<unknown>;
}

/**
 * What putting the server's checklist at a known revision into a slot came to: `written`; `newer-held`
 * (the slot's copy is at a later revision already, so it was left alone: the copy holds this state and
 * more); `unknown-held` (written, but the copy it replaced was of an unknown revision, so it may have
 * been newer); `none` (no copy in the cache to write into).
 */
export type CopyWrite = 'written' | 'newer-held' | 'unknown-held' | 'none';

/**
 * Puts the server's checklist, at `revision`, into the slot's cached copy, unless that copy is at a
 * later revision already (lib/copy-revisions.ts). The copy then holds that revision.
 */
export function writeChecklistAt(
  queryClient: QueryClient,
  slot: ChecklistQuerySlot,
  checklist: Checklist,
  revision: number,
): CopyWrite {
  if (queryClient.getQueryData(slot.key) === undefined) return 'none';
  const held = cachedRevision(queryClient, slot.key);
  if (held !== undefined && held > revision) return 'newer-held';
  slot.write(queryClient, () => checklist);
  markRevision(queryClient.getQueryData(slot.key), revision);
  return held === undefined ? 'unknown-held' : 'written';
}
