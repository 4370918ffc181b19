import { createHash } from 'node:crypto';
import { IDEMPOTENCY_LIMITS } from '#domain/offline';
import type { Database } from '../db/client.ts';
import { claimKey, deleteClaim, deleteKeysExpiredBy, heldKey } from '../repositories/idempotency-keys.ts';
import type { AfterCommitWriter } from './after-commit.ts';

/**
 * What the server remembers of each mutation that carried an Idempotency-Key (docs/decisions/0006):
 * a claim made before the work runs (the primary key makes a concurrent duplicate collide), then the
 * answer, kept 24 hours so a replay gets it again without anything running twice.
 */

const RETENTION_MS = IDEMPOTENCY_LIMITS.retentionHours * 60 * 60 * 1000;

/**
 * A claim still in flight this long after it was made belongs to a process that died between its
 * work and storing the answer (a request holds its claim for milliseconds to seconds): it may be
 * taken over, so one crash does not block that key for 24 hours.
 */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

/**
 * A tick claims its key in the statement that makes its change (decision 0015): once the claim can be
 * seen the change has committed, and all that is left is keeping the answer, done right after the
 * answer went out. A tick's claim still without an answer this long after belongs to a process killed
 * between the two (the cluster test's SIGKILL left a device's queue blocked for the 5 minutes above):
 * its retry takes the key over and runs again, setting the same value with the same `changedAt` (the
 * later write wins, ties included), which adds a second record of it to the activity.
 */
export const ABANDONED_STATEMENT_CLAIM_MS = 30 * 1000;

export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string | null;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in-flight' }
  | { kind: 'reused' };

/** JSON with object keys sorted at every depth, so the same value always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The bytes hashed per turn of the event loop by `sha256HexInSlices`: about 0.2 ms of a free core. */
export const HASH_SLICE_BYTES = 256 * 1024;

/**
 * The same SHA-256 as `sha256Hex`, hashed a slice at a time with the event loop free between slices:
 * a 5 MB photo took 3 ms in one piece on a free core, and 20 uploads at once held the loop for 80 ms
 * (docs/decisions/0041).
 */
export async function sha256HexInSlices(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < bytes.length; start += HASH_SLICE_BYTES) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    hash.update(bytes.subarray(start, start + HASH_SLICE_BYTES));
  }
  return hash.digest('hex');
}

/**
 * The fingerprint of a request: method, route pattern, path parameters and the SHA-256 of the
 * canonical body (for an upload: of its field name and file bytes, never of the multipart framing).
 */
export function requestFingerprint(method: string, route: string, params: unknown, body: unknown): string {
  return sha256Hex(
    [method.toUpperCase(), route, canonicalJson(params ?? {}), sha256Hex(canonicalJson(body))].join('\n'),
  );
}

/** The times of a claim made now: when, until when the key is kept, and before when a claim is abandoned. */
export function claimTimes(now: Date = new Date(), abandonedAfterMs = ABANDONED_CLAIM_MS) {
  return {
    claimedAt: now,
    expiresAt: new Date(now.getTime() + RETENTION_MS),
    abandonedBefore: new Date(now.getTime() - abandonedAfterMs),
  };
}

/**
 * Claims the key for this request, or says why not: the stored answer of the same request, another
 * request of the same key still in flight, or the key used for a different request. An expired key
 * (or an abandoned claim) is taken over as new, in the same statement.
 */
export async function claimIdempotencyKey(
  db: Database,
  keeper: AnswerKeeper,
  principal: string,
  key: string,
  requestHash: string,
  now: Date = new Date(),
): Promise<ClaimResult> {
  const times = claimTimes(now);
  const claim = { principal, key, requestHash, createdAt: times.claimedAt, expiresAt: times.expiresAt };
  if (await claimKey(db, claim, times.abandonedBefore)) return { kind: 'claimed' };
  return whyNotClaimed(db, keeper, principal, key, requestHash);
}

/**
 * Why a claim failed (here or inside a statement that claims as it changes, the tick's): the stored
 * answer of the same request, the same key in flight, or the key used for another request.
 */
export async function whyNotClaimed(
  db: Database,
  keeper: AnswerKeeper,
  principal: string,
  key: string,
  requestHash: string,
): Promise<Exclude<ClaimResult, { kind: 'claimed' }>> {
  const unwritten = keeper.unwritten(principal, key);
  if (unwritten) {
    if (unwritten.requestHash !== requestHash) return { kind: 'reused' };
    const { status, body, contentType } = unwritten;
    return { kind: 'replay', answer: { status, body, contentType } };
  }
  const held = await heldKey(db, principal, key);
  // Gone between the two statements (swept, or its claim released): a retry will claim it.
  if (!held) return { kind: 'in-flight' };
  if (held.requestHash !== requestHash) return { kind: 'reused' };
  if (held.status === null) return { kind: 'in-flight' };
  return {
    kind: 'replay',
    answer: { status: held.status, body: held.responseBody ?? '', contentType: held.responseType },
  };
}

interface KeptAnswer extends StoredAnswer {
  principal: string;
  key: string;
  requestHash: string;
}

/**
 * Keeps the answers of claimed requests: written after the answer went out, with the other answers
 * and change notices of that moment in one statement (services/after-commit.ts; docs/decisions/0015:
 * a round trip and a commit fewer per keyed request). Until written, a replay reaching this instance
 * is answered from here; one reaching another instance finds the key in flight for those milliseconds
 * (409 with Retry-After: 1). A process that dies first leaves the claim in flight until it is taken
 * over as abandoned (ABANDONED_CLAIM_MS), as a crash between the work and storing the answer always did.
 */
export class AnswerKeeper {
  readonly #unwritten = new Map<string, KeptAnswer>();

  constructor(private readonly writer: AfterCommitWriter) {}

  keep(principal: string, key: string, requestHash: string, answer: StoredAnswer): void {
    const kept = { principal, key, requestHash, ...answer };
    const id = `${principal}\n${key}`;
    this.#unwritten.set(id, kept);
    this.writer.keepAnswer(kept, () => {
      if (this.#unwritten.get(id) === kept) this.#unwritten.delete(id);
    });
  }

  /** Answers kept here, not yet written (metrics). */
  get unwrittenCount(): number {
    return this.#unwritten.size;
  }

  /** The answer of this key not yet written, if this instance holds one. */
  unwritten(principal: string, key: string): KeptAnswer | undefined {
    return this.#unwritten.get(`${principal}\n${key}`);
  }
}

/** Lets the key go (the request failed on our side, or was not run): a retry runs it again. */
export async function releaseIdempotencyKey(
  db: Database,
  principal: string,
  key: string,
  requestHash: string,
): Promise<void> {
  await deleteClaim(db, { principal, key, requestHash });
}

/** Deletes the keys past their retention (the periodic job, services/jobs.ts); answers how many went. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date = new Date()): Promise<number> {
  return deleteKeysExpiredBy(db, now);
}
