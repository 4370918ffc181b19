/**
 * Where the per-IP request counts of the rate limits live, shared by every instance of the app
 * (docs/decisions/0020): a table in PostgreSQL (the default: every instance has the database) or
 * Redis when REDIS_URL is set. Each key counts hits in fixed windows: the first hit opens a window
 * of `windowMs`, later hits add to it until it ends, and the next hit opens a new one. Time is the
 * store's clock (the database's or Redis's), never an instance's, so instances agree on windows.
 */
export interface RateLimitHit {
  /** Hits of this key in its current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (at least 0). */
  resetMs: number;
}

export interface RateLimitStore {
  readonly kind: 'postgres' | 'redis';
  /** Counts one hit of `key` and answers the window as it now is. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Deletes windows that have ended (the periodic job); answers how many went. Redis expires keys itself. */
  deleteExpired(): Promise<number>;
  /** Frees what the store holds (a Redis connection); the database is closed by its owner. */
  close(): Promise<void>;
}
