/** The first message of each top-level field among a zod result's issues (the form shows one per field). */
export function issuesByField<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}
