import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  answerRevision,
  cachedRevision,
  keepNewestCopy,
  markRevision,
  revisionOf,
} from './copy-revisions.ts';

/** Which state each cached checklist copy holds, and the structural sharing that keeps the newest. */

const copy = (done: boolean, updatedAt: string) => ({
  id: 'c1',
  updatedAt,
  tasks: [
    { id: 't1', completed: done },
    { id: 't2', completed: false },
  ],
});

describe('copy revisions', () => {
  it('reads the revision an answer names, and none from anything else', () => {
    expect(answerRevision(new Headers({ 'x-checklist-revision': '42' }))).toBe(42);
    expect(answerRevision(new Headers())).toBeNull();
    expect(answerRevision(new Headers({ 'x-checklist-revision': '4.5' }))).toBeNull();
    expect(answerRevision(new Headers({ 'x-checklist-revision': '-1' }))).toBeNull();
    expect(answerRevision(undefined)).toBeNull();
  });

  it('never lets an older copy replace a newer one; the copy kept knows the revision written', () => {
    const held = markRevision(copy(true, '2026-01-01T00:02:00Z'), 5);
    const older = markRevision(copy(false, '2026-01-01T00:01:00Z'), 4);
    expect(keepNewestCopy(held, older)).toBe(held);

    const newer = markRevision(copy(false, '2026-01-01T00:03:00Z'), 6);
    const kept = keepNewestCopy(held, newer) as ReturnType<typeof copy>;
    expect(kept).toEqual(newer);
    // Shared with the old copy where nothing changed (TanStack's structural sharing), and marked.
    expect(kept.tasks[1]).toBe(held.tasks[1]);
    expect(revisionOf(kept)).toBe(6);
  });

  it('a copy written without a revision is of unknown revision (nothing stale passes for known)', () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { structuralSharing: keepNewestCopy } },
    });
    queryClient.setQueryData(['c1'], markRevision(copy(false, '2026-01-01T00:01:00Z'), 3));
    expect(cachedRevision(queryClient, ['c1'])).toBe(3);
    // A photo's task merged in, say: the copy now holds an unknown state.
    queryClient.setQueryData(['c1'], copy(true, '2026-01-01T00:01:00Z'));
    expect(cachedRevision(queryClient, ['c1'])).toBeUndefined();
    // The same state written again keeps what it knew.
    queryClient.setQueryData(['c1'], markRevision(copy(true, '2026-01-01T00:01:00Z'), 4));
    queryClient.setQueryData(['c1'], copy(true, '2026-01-01T00:01:00Z'));
    expect(cachedRevision(queryClient, ['c1'])).toBe(4);
  });
});
