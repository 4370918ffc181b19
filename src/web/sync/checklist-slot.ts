import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Checklist } from '#domain/checklist';
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
