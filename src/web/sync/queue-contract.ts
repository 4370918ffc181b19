import type { HeldOp, OpContext, QueuedOp } from './operations.ts';
import type { BlobStore, ListStore, OpStore } from './queue-storage.ts';

/**
 * What the offline queue (offline-queue.ts) is given and what it tells: the transport that sends an
 * operation and the answer it brings back, the events the page hears, the stores and clocks it runs
 * on, what became of an operation, and the state a screen draws from.
 */

export type OpOutcome =
  | { status: 'applied'; result: unknown }
  | { status: 'rejected'; error: unknown }
  /** The network failed: the operation stays stored and is sent when the connection allows. */
  | { status: 'queued' };

/**
 * The server's answer to an operation: its body (a checklist, or a task for a photo), and the revision
 * of the checklist it holds, as its X-Checklist-Revision header names it (null when it names none: a
 * replayed answer, a photo's task).
 */
export interface OpAnswer {
  result: unknown;
  revision: number | null;
}

export interface OpTransport {
  send(op: QueuedOp, photo: Blob | undefined): Promise<OpAnswer>;
}

/** What the queue says once it has nothing left to send. */
export interface DrainInfo {
  /**
   * Something since the last drain could not be sent at once: the browser was offline, the network
   * or the server failed, sign-in was needed, or the work was stored by an earlier visit. Changes made
   * elsewhere meanwhile may have been missed.
   */
  heldBack: boolean;
}

export interface QueueEvents {
  /**
   * The server took it; its answer (a checklist, or a task for a photo) and the revision it names.
   * Awaited before the change leaves the queue, so the answer is in place before the pending copy is
   * dropped (no flicker back).
   */
  onApplied?(op: QueuedOp, result: unknown, revision: number | null): void | Promise<void>;
  /**
   * The server refused it for good (4xx): it is dropped and the person must be told. `callerWaiting`:
   * whoever made it in this tab is still awaiting its first outcome (and may report it themselves).
   */
  onRejected?(op: QueuedOp, error: unknown, callerWaiting: boolean): void;
  /** Nothing is left to send (after something was sent). */
  onDrained?(info: DrainInfo): void;
}

export interface QueueOptions extends QueueEvents {
  ops: OpStore;
  blobs: BlobStore;
  /** Where refused editor saves are kept (see `HeldOp`). */
  held: ListStore<HeldOp>;
  transport: OpTransport;
  /** Whether the browser believes it is online (false means surely offline). */
  isOnline?: () => boolean;
  newKey?: () => string;
  now?: () => Date;
  /** Pause before the n-th retry (1-based) while the network fails. */
  retryDelay?: (attempt: number) => number;
  /** Decides whether a failure may pass (network, 5xx, 429, key in use) or is a refusal. */
  isTransient: (error: unknown) => boolean;
  /** A failure that holds everything until the person signs in again (401); then flush is called. */
  isBlocked?: (error: unknown) => boolean;
  /**
   * A refusal that ends the person's access to the checklist for good (removed from its team): every
   * change still queued for it is dropped with it (each heard as refused; `onRejected` once, for the
   * change that met it), and an editor's save is not kept for review.
   */
  endsAccess?: (error: unknown) => boolean | Promise<boolean>;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type QueueState = {
  ops: readonly QueuedOp[];
  /** The key being sent right now, if any. */
  sending: string | null;
  /** How many sends in a row failed on the network (0 while all is well). */
  failures: number;
  /**
   * Who must sign in again (the owner) or enter a code again (a recipient, with the share's token)
   * before the changes kept here can be sent; null while nothing waits on that.
   */
  blocked: OpContext | null;
  /** Editor saves refused after the fact, kept for the person to review. */
  held: readonly HeldOp[];
};

/** Nothing waiting: what a prerendered page shows, and so what its hydration starts from. */
export const EMPTY_QUEUE_STATE: QueueState = { ops: [], sending: null, failures: 0, blocked: null, held: [] };
