export function judgeBudget(
  kib: number,
  limits: { budgetKiB?: number; ratchetKiB?: number },
): { ok: boolean; verdict: string };
export function tableProblems(routes: { route: string; budgetKiB?: number; ratchetKiB?: number }[]): string[];
