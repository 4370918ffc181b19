/**
 * What the app's shell (its entry chunk, loaded on every page) needs of sync: the one offline queue,
 * where it keeps its work, which failures it waits out, and the parts it fetches after the first paint.
 * The shell imports this, never index.ts: when the entry reaches index.ts, even through re-exports it
 * does not use, the bundler (Rolldown) no longer trusts that the entry is loaded before the pages and
 * cuts the entry chunk in pieces (measured: the shared page's first load 114.9 -> 119.4 KiB). index.ts
 * re-exports all of this for everything else.
 */

export { lazyHttpTransport } from './lazy.ts';
export { OfflineQueue, type OpOutcome, type OpTransport, type QueueState } from './offline-queue.ts';
export type { HeldOp, OpContext, QueuedOp } from './operations.ts';
export { indexedDbBlobStore } from './photo-storage.ts';
export {
  type BlobStore,
  HELD_EDITS_KEY,
  type ListStore,
  localStorageListStore,
  localStorageOpStore,
  type OpStore,
} from './queue-storage.ts';
export { isTransientFailure, needsSignIn } from './send-failures.ts';
