/**
 * The database's tables, one module per group, in the order they reference each other (accounts,
 * checklists, sharing, then what names a share). Everything is imported from here: the Drizzle client
 * (db/client.ts), the repositories and drizzle-kit (drizzle.config.ts), which generates the migrations
 * from this index.
 */
export * from './accounts.ts';
export * from './billing.ts';
export * from './calendars.ts';
export * from './checklists.ts';
export * from './insights.ts';
export * from './integrations.ts';
export * from './messaging.ts';
export * from './operations.ts';
export * from './photos-and-activity.ts';
export * from './public-forms.ts';
export * from './schedules.ts';
export * from './sharing.ts';
export * from './teams.ts';
