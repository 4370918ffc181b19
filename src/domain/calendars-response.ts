import { z } from 'zod';
import { IsoDateTime } from './checklist-response.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/** The answers of the calendar endpoints (docs/api.md "Booking calendars"). */

export const CalendarRunSchema = z
  .strictObject({
    id: z.string(),
    at: IsoDateTime,
    added: z.number().int().min(0).describe('Turnovers made'),
    moved: z.number().int().min(0).describe('Turnovers whose due time changed'),
    cancelled: z.number().int().min(0).describe('Turnovers marked cancelled'),
    error: z.string().nullable().describe('What went wrong, in words; null when nothing did'),
  })
  .meta({ id: 'CalendarRun', description: 'One sync of a booking calendar' });
export type CalendarRun = z.infer<typeof CalendarRunSchema>;

export const CalendarSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    icsUrl: z
      .string()
      .describe(
        'The iCal address: whole for the member who added it, the owner and admins; otherwise its host and "…" (the path is the listing’s secret)',
      ),
    urlVisible: z.boolean().describe('Whether icsUrl is the whole address'),
    templateId: z.string(),
    timezone: z.string(),
    checkoutTime: z.string(),
    checkinTime: z.string(),
    share: z
      .strictObject({
        recipientName: z.string().nullable(),
        channel: z.enum(['email', 'sms']),
        maskedContact: z.string(),
        targetLanguage: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
      })
      .nullable(),
    status: z.enum(['pending', 'synced', 'failing']),
    lastSyncAt: IsoDateTime.nullable(),
    lastError: z.string().nullable(),
    nextSyncAt: IsoDateTime,
    syncEveryMinutes: z.number().int().min(1).describe('15 on paid plans, 360 on the free plan'),
    createdBy: z.strictObject({ uid: z.string(), displayName: z.string() }),
    canManage: z.boolean().describe('Whether this member may edit or delete it'),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'Calendar', description: 'A booking calendar that makes turnover checklists' });
export type Calendar = z.infer<typeof CalendarSchema>;

export const CalendarDetailSchema = CalendarSchema.extend({
  runs: z.array(CalendarRunSchema).describe('The last 20 syncs, newest first'),
}).meta({ id: 'CalendarDetail', description: 'A booking calendar with its last syncs' });
export type CalendarDetail = z.infer<typeof CalendarDetailSchema>;

export const CalendarAnswerSchema = z.strictObject({ calendar: CalendarDetailSchema });
export const CalendarListSchema = z.strictObject({ calendars: z.array(CalendarSchema) });
