import { z } from 'zod';
import { ChecklistListQuery, ID_MAX } from './checklist.ts';

/**
 * The dashboard's list a page at a time (docs/api.md "The list, a page at a time"; decision 0063):
 * `GET /api/checklists?userId=&limit=50` answers the newest 50 as the same array as ever, and names the
 * next page in a `Link: <…>; rel="next"` header (RFC 8288) carrying an opaque `cursor`. Without `limit`
 * or `cursor` the answer is the whole list, as the spec's clients expect.
 */
export const CHECKLIST_PAGE_LIMITS = {
  /** Rows per page when a cursor comes without a limit; the dashboard asks for this many. */
  defaultPage: 50,
  maxPage: 200,
  /** The longest cursor taken (a signed one is about 150 characters). */
  cursorMaxLength: 300,
} as const;

export const ChecklistPageQuery = ChecklistListQuery.extend({
  limit: z.coerce.number().int().min(1).max(CHECKLIST_PAGE_LIMITS.maxPage).optional(),
  /** The `cursor` of the `Link` header's next page, as it was given. */
  cursor: z
    .string()
    .min(1)
    .max(CHECKLIST_PAGE_LIMITS.cursorMaxLength)
    .regex(/^[A-Za-z0-9_.-]+$/, 'cursor must be one the API gave')
    .optional(),
  /** Only the checklists assigned to this member (the dashboard's 'Assigned to me'). */
  assignee: z.string().min(1).max(ID_MAX).optional(),
});
export type ChecklistPageQuery = z.infer<typeof ChecklistPageQuery>;

/** The rows a query asks for: a page (`limit`, else the default once a cursor is sent), else all. */
export function pageLimitOf(query: Pick<ChecklistPageQuery, 'limit' | 'cursor'>): number | null {
  if (query.limit !== undefined) return query.limit;
  return query.cursor === undefined ? null : CHECKLIST_PAGE_LIMITS.defaultPage;
}

/** The list's address for a page: what the client asks and what the `Link` header names. */
export function checklistPagePath(query: ChecklistPageQuery): string {
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
