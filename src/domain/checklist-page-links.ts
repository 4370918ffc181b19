/**
 * The dashboard list's pages as addresses (docs/api.md "The list, a page at a time"; decision 0063): no
 * schema here, so the web client takes these without the validation library. The query's schema is
 * domain/checklist-pages.ts.
 */
export const CHECKLIST_PAGE_LIMITS = {
  /** Rows per page when a cursor comes without a limit; the dashboard asks for this many. */
  defaultPage: 50,
  maxPage: 200,
  /** The longest cursor taken (a signed one is about 150 characters). */
  cursorMaxLength: 300,
} as const;

export interface ChecklistPageParams {
  userId?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  assignee?: string | undefined;
}

/** The list's address for a page: what the client asks and what the `Link` header names. */
export function checklistPagePath(query: ChecklistPageParams): string {
  const params = new URLSearchParams();
  if (query.userId !== undefined) params.set('userId', query.userId);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.assignee !== undefined) params.set('assignee', query.assignee);
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  return `/api/checklists?${params}`;
}

/** The next page's address in a `Link` header's value, or null (the last page). */
export function nextPageOf(link: string | null | undefined): string | null {
  return (link && /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1]) || null;
}
