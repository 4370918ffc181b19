import type { Database } from './client.ts';

/**
 * A query prepared once per database handle. Prepared queries skip Drizzle's query building on each
 * call, and on PostgreSQL they are named statements: each pooled connection parses and plans them
 * once, then only binds and executes (planning cost more than running the hot reads here).
 * Every build of one query must produce the same SQL text, since the name identifies it on a connection.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const cache = new WeakMap<Database, Query>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
