import { type QueryClient, type QueryKey, replaceEqualDeep } from '@tanstack/react-query';
import { CHECKLIST_REVISION_HEADER, parseChecklistRevision } from '#domain/checklist-revision';

/**
 * Which state of a checklist each cached copy holds: the revision the server named for it (its
 * answers' X-Checklist-Revision header, a live update's `revision`; #domain/checklist-revision). The
 * revision is kept with the very object the query cache holds, so any write that does not say its
 * revision (a photo's task merged in, a copy restored from storage or drawn into the page) leaves a
 * copy whose revision is unknown: nothing stale can pass for known. Kept in memory only: a copy read
 * back from storage after a reload is unknown until the server is asked again.
 *
 * With it the offline queue need not read a checklist again after each change (sync/queue-effects.ts,
 * docs/decisions/0007), and an older copy never replaces a newer one (`keepNewestCopy`).
 */
const revisions = new WeakMap<object, number>();

/** The revision an answer's headers name; null when they name none (a replayed answer). */
export function answerRevision(headers: Headers | undefined): number | null {
  return parseChecklistRevision(headers?.get?.(CHECKLIST_REVISION_HEADER));
}

/** Marks this copy as holding the checklist at `revision` (nothing for null), and answers it. */
export function markRevision<T>(copy: T, revision: number | null): T {
  if (revision !== null && typeof copy === 'object' && copy !== null) revisions.set(copy, revision);
  return copy;
}

/** The revision this copy holds, when known. */
export function revisionOf(copy: unknown): number | undefined {
  return typeof copy === 'object' && copy !== null ? revisions.get(copy) : undefined;
}

/** The revision of the copy the cache holds under `key`, when known. */
export function cachedRevision(queryClient: QueryClient, key: QueryKey): number | undefined {
  return revisionOf(queryClient.getQueryData(key));
}

/**
 * The query client's structural sharing (TanStack's own), knowing revisions: a copy older than the
 * one held is refused (a read that left before a change and lands after its answer), and the copy
 * kept carries the revision of the one written. Unmarked data is shared exactly as TanStack does.
 */
export function keepNewestCopy(old: unknown, next: unknown): unknown {
  const held = revisionOf(old);
  const coming = revisionOf(next);
  if (held !== undefined && coming !== undefined && coming < held) return old;
  const kept = replaceEqualDeep(old, next);
  // `kept` may be the old object (nothing changed) or a new one: either way it holds `next`'s state.
  if (coming !== undefined) markRevision(kept, coming);
  return kept;
}
