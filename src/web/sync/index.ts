/**
 * Client sync: how what a person does reaches the server, and what the server says reaches the page.
 * Pages, hooks and components import sync from here, never from the modules behind it; two exceptions,
 * both for the bundle's sake:
 *
 * - The app's shell (the offline queue's provider, in the entry chunk) imports shell.ts instead.
 * - The checklist's changes hook imports `uploadWatchers` from http-transport.ts itself.
 *
 * Rolldown cuts the entry chunk in pieces (the shared page's first load +0.6 to +4.4 KiB, measured)
 * when this module is reached both from the entry and from the pages, or when it re-exports a module
 * that has, or is, a dynamic import of the entry's. So nothing here re-exports a value of
 * offline-queue.ts, photo-storage.ts, lazy.ts or http-transport.ts (types are fine: they are erased),
 * and the modules fetched after the first paint (http-transport.ts, drafts.ts, photo-storage-idb.ts)
 * are reached only through lazy.ts and their own loaders. `npm run bench:bundle` shows a slip.
 *
 * The modules:
 * - operations.ts: the operations (ticks, photos, remarks, submits, the owner's checklist edits), the
 *   ids of checklists created on this device, and which newer one replaces an unsent older one.
 * - offline-queue.ts: the durable queue that stores them and sends them in order, with retries.
 * - queue-storage.ts, photo-storage.ts (+ photo-storage-idb.ts): where the queue keeps them
 *   (localStorage; photos in IndexedDB).
 * - send-failures.ts: which failures may pass (retried) and which wait for a new sign-in.
 * - http-transport.ts: each operation's HTTP call, with its Idempotency-Key.
 * - drafts.ts: what a saved or refused editor save means for the work queued after it.
 * - pending-overlay.ts: what is still pending laid over the server's copy when rendering (a checklist,
 *   the dashboard's list); checklist-optimistic.ts: a checklist with one task as the server answered.
 */

export type { OpOutcome, OpTransport, QueueState } from './offline-queue.ts';
export {
  type ChecklistBody,
  type HeldOp,
  isDraftOp,
  isNewChecklistId,
  NEW_CHECKLIST_VERSION,
  newChecklistId,
  type OpContext,
  type QueuedOp,
} from './operations.ts';
export {
  overlayPending,
  overlayPendingList,
  type PendingRow,
  type PendingView,
  pendingCreatedChecklist,
} from './pending-overlay.ts';
export { memoryBlobStore, memoryListStore, memoryOpStore } from './queue-storage.ts';
