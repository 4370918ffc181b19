import { z } from 'zod';
import { DUE_MESSAGES, isDueTimeInBounds } from './due-dates.ts';

/**
 * `dueAt` in a body: an ISO 8601 instant with its offset ('2026-12-02T15:00:00Z',
 * '2026-12-02T16:00:00+01:00'), or null for none. Read as a Date; out of DUE_LIMITS: 400.
 */
export const DueAtInput = z.iso
  .datetime({ offset: true, error: DUE_MESSAGES.format })
  .transform((text) => new Date(text))
  .refine(isDueTimeInBounds, { error: DUE_MESSAGES.range })
  .nullable();
