import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';

const handle = (client?: object) => ({ session: client ? { client } : {} }) as unknown as Database;

describe('preparedPerDatabase', () => {
  it('builds once per connection: transactions on one pooled connection share the query', () => {
    let builds = 0;
    const query = preparedPerDatabase(() => ({ build: ++builds }));
    const pool = {};
    const connection = {};
    expect(query(handle(pool))).toEqual({ build: 1 });
    expect(query(handle(pool))).toEqual({ build: 1 });
    // Two transactions (two handles) on the same pooled connection.
    const first = query(handle(connection));
    expect(first).toEqual({ build: 2 });
    expect(query(handle(connection))).toBe(first);
    // Another connection has its own.
    expect(query(handle({}))).toEqual({ build: 3 });
  });

  it('a handle that shows no connection is its own key', () => {
    let builds = 0;
    const query = preparedPerDatabase(() => ++builds);
    const db = handle();
    expect(query(db)).toBe(1);
    expect(query(db)).toBe(1);
    expect(query(handle())).toBe(2);
  });
});
