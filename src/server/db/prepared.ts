import type { Database } from './client.ts';

/**
 * A query prepared once per database handle. Prepared queries skip Drizzle's query building on each
 * call, and on PostgreSQL they are named statements: each pooled connection parses and plans them
 * once, then only binds and executes (planning cost more than running the hot reads here).
 * Every build of one query must produce the same SQL text, since the name identifies it on a connection.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const cache = new WeakMap<object, Query>();
  return (db) => {
    const connection = connectionOf(db);
    let query = cache.get(connection);
    if (!query) {
      query = build(db);
      cache.set(connection, query);
    }
    return query;
  };
}

/**
 * What a handle sends its queries through: the pool (or PGlite) for the database, the pooled
 * connection for a transaction. A query prepared in one transaction is bound to its connection, so it
 * serves every later transaction on that connection: a transaction object is new each time, and
 * building the hot statements again for each one (services/checklist-lanes.ts) would cost more than
 * running them.
 */
function connectionOf(db: Database): object {
  const { client } = (db as unknown as { session?: { client?: unknown } }).session ?? {};
  return typeof client === 'object' && client !== null ? client : db;
}
