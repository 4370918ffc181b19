import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FinishedAttempt } from '../repositories/webhooks.ts';
import { WebhookOutcomes } from './webhook-outcomes.ts';

/** Outcomes of webhook attempts, many to a statement (decision 0064). */

const finished = (id: string, attempt = 1): FinishedAttempt => ({
  claimed: { id, attempt },
  outcome: { responseStatus: 204, durationMs: 3, error: null, responseExcerpt: null },
  next: { status: 'succeeded', nextAttemptAt: new Date(0) },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('webhook outcomes', () => {
  it('gathers the outcomes of attempts that end together into one statement', async () => {
    vi.useFakeTimers();
    const statements: string[][] = [];
    const outcomes = new WebhookOutcomes(async (batch) => {
      statements.push(batch.map((item) => item.claimed.id));
      return new Set(batch.map((item) => item.claimed.id));
    }, 10);
    const written = ['a', 'b', 'c'].map((id) => outcomes.write(finished(id)));
    await vi.advanceTimersByTimeAsync(9);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(written)).toEqual([true, true, true]);
    expect(statements).toEqual([['a', 'b', 'c']]);
  });

  it('says which deliveries were no longer at that attempt (not written)', async () => {
    const outcomes = new WebhookOutcomes(async () => new Set(['kept']), 0);
    const [kept, moved] = await Promise.all([
      outcomes.write(finished('kept')),
      outcomes.write(finished('moved')),
    ]);
    expect(kept).toBe(true);
    expect(moved).toBe(false);
  });

  it('writes one statement at a time: what ends meanwhile goes in the next, at most perStatement each', async () => {
    const statements: string[][] = [];
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcomes = new WebhookOutcomes(
      async (batch) => {
        statements.push(batch.map((item) => item.claimed.id));
        if (statements.length === 1) await first;
        return new Set(batch.map((item) => item.claimed.id));
      },
      0,
      2,
    );
    const early = outcomes.write(finished('a'));
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['b', 'c', 'd'].map((id) => outcomes.write(finished(id)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toEqual([['a']]);
    release();
    expect(await Promise.all([early, ...later])).toEqual([true, true, true, true]);
    expect(statements).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('fails every attempt of a statement that failed, and goes on with the next', async () => {
    let calls = 0;
    const outcomes = new WebhookOutcomes(async (batch) => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return new Set(batch.map((item) => item.claimed.id));
    }, 0);
    const lost = Promise.allSettled([outcomes.write(finished('a')), outcomes.write(finished('b'))]);
    expect((await lost).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await outcomes.write(finished('c'))).toBe(true);
  });
});
