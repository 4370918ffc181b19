// The budget check of `npm run bench:bundle` (scripts/bench-bundle.mjs), kept apart so its logic is
// tested (tests/rules/bundle-budgets.test.ts). A route's budget is its goal (docs/modes-and-limits.md
// "Budgets"); while the code does not meet a goal yet, the route has a ratchet: the figure reached,
// which may not grow. The goal is then printed as missed, never passed off as met (decision 0062).

/**
 * @param {number} kib the route's initial JavaScript, gzipped, in KiB
 * @param {{ budgetKiB?: number, ratchetKiB?: number }} limits
 * @returns {{ ok: boolean, verdict: string }}
 */
export function judgeBudget(kib, { budgetKiB, ratchetKiB }) {
  if (budgetKiB === undefined) return { ok: true, verdict: '' };
  if (kib <= budgetKiB) return { ok: true, verdict: `<= ${budgetKiB} KiB ok` };
  if (ratchetKiB === undefined) return { ok: false, verdict: `> ${budgetKiB} KiB OVER` };
  if (kib <= ratchetKiB) {
    return { ok: true, verdict: `goal ${budgetKiB} KiB, missed; held at <= ${ratchetKiB} KiB` };
  }
  return { ok: false, verdict: `goal ${budgetKiB} KiB, missed; > ${ratchetKiB} KiB reached before: GREW` };
}

/**
 * A ratchet below its goal would be a budget tighter than the goal, and one that is not a number a
 * mistake: both are refused, so the table says what it means.
 * @param {{ route: string, budgetKiB?: number, ratchetKiB?: number }[]} routes
 * @returns {string[]} the problems, empty when the table is sound
 */
export function tableProblems(routes) {
  const problems = [];
  for (const { route, budgetKiB, ratchetKiB } of routes) {
    if (ratchetKiB === undefined) continue;
    if (budgetKiB === undefined) problems.push(`${route}: a ratchet without a goal`);
    else if (!(ratchetKiB > budgetKiB))
      problems.push(`${route}: ratchet ${ratchetKiB} KiB is not above its goal`);
  }
  return problems;
}
