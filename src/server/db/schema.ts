/**
 * The tables moved to db/schema/ (one module per group; db/schema/index.ts re-exports them). This
 * stays only for repositories/checklists.ts, which is being reworked on another branch: once it
 * imports db/schema/index.ts, this file goes.
 */
export * from './schema/index.ts';
