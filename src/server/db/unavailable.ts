/**
 * Whether a failure means the database cannot be reached right now (down, restarting, shutting down,
 * full of connections, the network between us cut) rather than a fault of the statement or of our
 * code. The first kind is answered 503 `service_unavailable` with Retry-After (http/plugins/errors.ts): the
 * same request will work once the database is back, and the web client's queue sends it again. The
 * second stays a 500: retrying a bug changes nothing.
 *
 * What each driver throws when the connection is the problem:
 * - node-postgres: plain errors known by their message (below), or Node's system errors of the socket
 *   (`code` ECONNREFUSED…, an AggregateError of them when a host name has several addresses);
 * - PostgreSQL itself (node-postgres and PGlite alike): an error with a SQLSTATE in `code` and a
 *   `severity`: class 08 (connection exception), 57P01-57P03 (the server shutting down or starting),
 *   53300 (too many connections);
 * - Drizzle wraps each of them in a DrizzleQueryError whose `cause` is the driver's error.
 */

/** node-postgres (pg, pg-pool) messages that say the connection was lost or never made. */
const CONNECTION_LOST_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  // A query on a client whose connection already failed (a rollback after the server went away).
  'Client has encountered a connection error and is not queryable',
]);

/** Node's system errors of a socket that could not reach, or lost, its peer. */
const UNREACHABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // A name lookup that timed out (the resolver's own "try again").
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that will not serve this connection now (besides class 08). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a smart or fast shutdown, or pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, every connection is reset
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);

/** How deep the causes (and an AggregateError's errors) are looked through. */
const MAX_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const fields = error as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown };
  const code = typeof fields.code === 'string' ? fields.code : '';
  if (UNREACHABLE_SYSTEM_CODES.has(code)) return true;
  if (isSqlState(code, fields.severity) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) {
    return true;
  }
  if (error instanceof Error && CONNECTION_LOST_MESSAGES.has(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return fields.cause !== undefined && isDatabaseUnavailable(fields.cause, depth + 1);
}

/** A server's error: five characters of SQLSTATE, and a severity (a system error's code is neither). */
function isSqlState(code: string, severity: unknown): boolean {
  return /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}
