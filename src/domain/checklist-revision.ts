/**
 * Which state of a checklist an answer holds. A checklist's revision goes up by one with every change
 * to it or its tasks (docs/decisions/0004), and the live connection's messages carry it
 * (realtime.ts). Answers that carry a whole checklist (reading one, a tick, remarks, a submission, an
 * editor's save, a recipient's shared copy) name it in this header, so a client can tell an answer
 * older than a live update it already applied (docs/decisions/0007, issue 15). A replayed answer
 * (Idempotency-Key) does not carry it: what it held may be long gone.
 *
 * Zod-free: the web's first chunk may import it.
 */
export const CHECKLIST_REVISION_HEADER = 'x-checklist-revision';

/** The revision a header value names; null for none or anything that is not a whole number. */
export function parseChecklistRevision(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}
