import { describe, expect, it } from 'vitest';
import { judgeBudget, tableProblems } from '../../scripts/bundle-budgets.mjs';

/** The byte budgets `npm test` enforces through `bench:bundle` (scripts/bundle-budgets.mjs). */

describe('bundle budgets', () => {
  it('passes a route at or under its goal, and fails one over a goal without a ratchet', () => {
    expect(judgeBudget(110, { budgetKiB: 110 })).toEqual({ ok: true, verdict: '<= 110 KiB ok' });
    expect(judgeBudget(110.05, { budgetKiB: 110 })).toEqual({ ok: false, verdict: '> 110 KiB OVER' });
  });

  it('says a missed goal is missed while the ratchet holds, and fails once the figure grows past it', () => {
    const limits = { budgetKiB: 110, ratchetKiB: 141 };
    expect(judgeBudget(140.6, limits)).toEqual({
      ok: true,
      verdict: 'goal 110 KiB, missed; held at <= 141 KiB',
    });
    expect(judgeBudget(141.1, limits).ok).toBe(false);
    expect(judgeBudget(141.1, limits).verdict).toContain('GREW');
    // Met at last: the goal is reported met, whatever the ratchet.
    expect(judgeBudget(109, limits)).toEqual({ ok: true, verdict: '<= 110 KiB ok' });
  });

  it('leaves a route without a budget unjudged', () => {
    expect(judgeBudget(494, {})).toEqual({ ok: true, verdict: '' });
  });

  it('refuses a ratchet at or below its goal, or without one', () => {
    expect(
      tableProblems([
        { route: '/a', budgetKiB: 110, ratchetKiB: 141 },
        { route: '/b', budgetKiB: 110, ratchetKiB: 110 },
        { route: '/c', ratchetKiB: 100 },
        { route: '/d', budgetKiB: 120 },
      ]),
    ).toEqual(['/b: ratchet 110 KiB is not above its goal', '/c: a ratchet without a goal']);
  });
});
