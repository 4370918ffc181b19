import { z } from 'zod';
import {
  INSIGHTS_MESSAGES,
  type Insights,
  type InsightsDay,
  type InsightsPerson,
  type InsightsSkippedTask,
  type InsightsSlowTask,
  isCalendarDate,
} from './insights.ts';
import type { Expect, Same } from './schema-types.ts';

/** The request and answer of GET /api/insights (and its CSV) as zod (docs/api.md "Insights"). */

const CalendarDate = z.string().max(10).refine(isCalendarDate, { error: INSIGHTS_MESSAGES.badDate });

/** GET /api/insights?from=&to= (both optional, YYYY-MM-DD in the team's time zone, inclusive). */
export const InsightsQuery = z.object({
  from: CalendarDate.optional().meta({ description: 'First day, YYYY-MM-DD in the team’s zone' }),
  to: CalendarDate.optional().meta({ description: 'Last day (included), YYYY-MM-DD; default today' }),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

const Count = z.number().int().min(0);
const Minutes = z.number().min(0);

const InsightsDaySchema = z.strictObject({ date: z.string(), created: Count, completed: Count });

const InsightsPersonSchema = z.strictObject({
  name: z.string(),
  kind: z.enum(['member', 'recipient']),
  completed: Count,
  medianMinutes: Minutes.nullable(),
});

const InsightsSlowTaskSchema = z.strictObject({ description: z.string(), medianMinutes: Minutes });

const InsightsSkippedTaskSchema = z.strictObject({ description: z.string(), undone: Count, of: Count });

export const InsightsSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    completed: Count,
    onTimeRate: z.number().min(0).max(1).nullable(),
    medianMinutesToComplete: Minutes.nullable(),
    byDay: z.array(InsightsDaySchema),
    byPerson: z.array(InsightsPersonSchema),
    slowestTasks: z.array(InsightsSlowTaskSchema),
    mostSkippedTasks: z.array(InsightsSkippedTaskSchema),
  })
  .meta({
    id: 'Insights',
    description: 'The active team’s figures over a range of days in its time zone (docs/insights.md)',
  });

export type InsightsSchemasMatchTypes = [
  Expect<Same<z.infer<typeof InsightsSchema>, Insights>>,
  Expect<Same<z.infer<typeof InsightsDaySchema>, InsightsDay>>,
  Expect<Same<z.infer<typeof InsightsPersonSchema>, InsightsPerson>>,
  Expect<Same<z.infer<typeof InsightsSlowTaskSchema>, InsightsSlowTask>>,
  Expect<Same<z.infer<typeof InsightsSkippedTaskSchema>, InsightsSkippedTask>>,
];
