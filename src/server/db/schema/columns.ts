import { timestamp } from 'drizzle-orm/pg-core';

/** The column kinds every group of tables shares: times with a time zone, read as Dates. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
