import { z } from 'zod';
import { ChecklistListQuery, ID_MAX } from './checklist.ts';
import { CHECKLIST_PAGE_LIMITS } from './checklist-page-links.ts';

export { CHECKLIST_PAGE_LIMITS, checklistPagePath, nextPageOf } from './checklist-page-links.ts';

/**
 * The dashboard's list a page at a time (docs/api.md "The list, a page at a time"; decision 0063):
 * `GET /api/checklists?userId=&limit=50` answers the newest 50 as the same array as ever, and names the
 * next page in a `Link: <…>; rel="next"` header (RFC 8288) carrying an opaque `cursor`. Without `limit`
 * or `cursor` the answer is the whole list, as the spec's clients expect.
 */
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
