/**
 * Client sync: how what a person does reaches the server (the offline queue), and what the server
 * says reaches the page (the live connection, the query cache).
 * Pages, hooks and components import sync from here, never from the modules behind it.
 *
 * The modules fetched after the first paint (queue-effects.ts, drafts.ts, photo-storage-idb.ts, and the
 * queue's use of http-transport.ts) are reached only through their loaders (lazy.ts, offline-queue.ts,
 * photo-storage.ts): nothing here re-exports them. The one exception is http-transport.ts's
 * `uploadWatchers`, used statically by the checklist's chunk, as before. vite.config.ts marks this folder
 * free of side effects, so a page that imports one name from here does not load the rest: without it,
 * Rolldown puts whatever this module re-exports in the chunks of every page that imports it (the shared
 * page's first load went from 114.9 to 147.5 KiB).
 *
 * The modules:
 * - operations.ts: the operations (ticks, photos, remarks, submits, the owner's checklist edits), the
 *   ids of checklists created on this device, and which newer one replaces an unsent older one.
 * - offline-queue.ts: the durable queue that stores them and sends them in order, with retries;
 *   queue-contract.ts: what it is given (transport, events, options) and what it tells (outcomes,
 *   state); send-schedule.ts: when it sends (one run at a time, the retry timer and its back-off).
 * - queue-storage.ts, photo-storage.ts (+ photo-storage-idb.ts): where the queue keeps them
 *   (localStorage; photos in IndexedDB).
 * - send-failures.ts: which failures may pass (retried) and which wait for a new sign-in;
 *   team-refusals.ts: the refusal of a person no longer in the checklist's team.
 * - http-transport.ts: each operation's HTTP call, with its Idempotency-Key.
 * - drafts.ts: what a saved or refused editor save means for the work queued after it.
 * - checklist-slot.ts: where one checklist sits in the query cache and who sends its changes; the
 *   owner's (owner-checklist-slot.ts, with the owner's query keys) and a recipient's
 *   (shared-checklist-slot.ts, with the share's keys).
 * - queue-effects.ts: what the queue's answers and refusals do to the page.
 * - pending-overlay.ts: what is still pending, laid over the server's copy when rendering (a checklist,
 *   the dashboard's list); checklist-optimistic.ts: a checklist with one task as the server answered.
 * - realtime-client.ts: the tab's one WebSocket for live updates, its subscriptions kept across
 *   reconnects; live-messages.ts: what its messages do to the query cache.
 * - lazy.ts: the loaders of what is fetched after the first paint.
 */

export { withTaskFromServer } from './checklist-optimistic.ts';
export type { ChecklistQuerySlot } from './checklist-slot.ts';
// Also fetched lazily by the queue (lazy.ts); the checklist's own chunk uses it statically.
export { uploadWatchers } from './http-transport.ts';
export { lazyHttpTransport, loadQueueEffects } from './lazy.ts';
export {
  DASHBOARD_REFRESH_DEBOUNCE_MS,
  type FollowOptions,
  followChecklist,
  followDashboard,
} from './live-messages.ts';
export { OfflineQueue } from './offline-queue.ts';
export {
  type ChecklistBody,
  type HeldOp,
  isNewChecklistId,
  NEW_CHECKLIST_VERSION,
  newChecklistId,
  type OpContext,
  type QueuedOp,
} from './operations.ts';
export {
  type CachedChecklistList,
  type ChecklistListPage,
  checklistKeys,
  ownerChecklistSlot,
  refreshChecklistData,
  rowsOfList,
  STATS_KEY,
} from './owner-checklist-slot.ts';
export {
  overlayPending,
  overlayPendingList,
  type PendingRow,
  type PendingView,
  pendingCreatedChecklist,
} from './pending-overlay.ts';
export { indexedDbBlobStore } from './photo-storage.ts';
export {
  type DrainInfo,
  EMPTY_QUEUE_STATE,
  type OpAnswer,
  type OpOutcome,
  type OpTransport,
  type QueueEvents,
  type QueueState,
} from './queue-contract.ts';
export {
  type BlobStore,
  HELD_EDITS_KEY,
  type ListStore,
  localStorageListStore,
  localStorageOpStore,
  memoryBlobStore,
  memoryListStore,
  memoryOpStore,
  type OpStore,
} from './queue-storage.ts';
export {
  type ChecklistMessage,
  type DashboardMessage,
  type NotificationMessage,
  RealtimeClient,
  type RealtimeEnvironment,
  type RealtimeState,
  realtimeClient,
} from './realtime-client.ts';
export { isTransientFailure, needsSignIn } from './send-failures.ts';
export { sharedChecklistSlot, sharedKeys } from './shared-checklist-slot.ts';
export { isRemovedFromTeam } from './team-refusals.ts';
