import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { isDatabaseUnavailable } from './unavailable.ts';

/** What the database drivers throw: the errors that mean "unreachable now" and those that mean a fault. */

/** An error as PostgreSQL sends it (node-postgres' DatabaseError; PGlite's has the same fields). */
function serverError(code: string, message = 'server said no'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = code.startsWith('57P') ? 'FATAL' : 'ERROR';
  return error;
}

function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -1, syscall: 'connect' });
}

/** Drizzle's wrapper around whatever the driver threw, with the statement and its parameters. */
function drizzleWrapped(cause: unknown): DrizzleQueryError {
  return new DrizzleQueryError('select "id" from "sessions" where "id" = $1', ['secret'], cause as Error);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connection ended', new Error('Connection terminated')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client whose connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['refused', systemError('ECONNREFUSED')],
    ['reset', systemError('ECONNRESET')],
    ['timed out', systemError('ETIMEDOUT')],
    ['a broken pipe', systemError('EPIPE')],
    ['no route to the host', systemError('EHOSTUNREACH')],
    ['every address of a name refused', new AggregateError([systemError('ECONNREFUSED')], 'connect failed')],
    ['08006 connection_failure', serverError('08006')],
    ['08001 unable to connect', serverError('08001')],
    ['08P01 protocol violation', serverError('08P01')],
    ['57P01 admin_shutdown (pg_terminate_backend too)', serverError('57P01')],
    ['57P02 crash_shutdown', serverError('57P02')],
    ['57P03 cannot_connect_now (starting up)', serverError('57P03')],
    ['53300 too_many_connections', serverError('53300')],
  ])('%s: unavailable, bare and wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(error))).toBe(true);
    // A service that wraps it again with a cause of its own.
    expect(isDatabaseUnavailable(new Error('saving failed', { cause: drizzleWrapped(error) }))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['a value that does not cast', serverError('22P02')],
    ['a serialization failure', serverError('40001')],
    ['a missing table', serverError('42P01')],
    ['a statement timeout (57014, class 57 but not a shutdown)', serverError('57014')],
    ['out of memory (53200)', serverError('53200')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only contains the words', new Error('Connection terminated unexpectedly? no: parsing')],
    ['an error of ours', new AppError('not_found', 'Checklist not found')],
    ['a file that is not there', systemError('ENOENT')],
    ['a SQLSTATE-like code without a severity', Object.assign(new Error('x'), { code: '08006' })],
  ])('%s: not unavailable, bare or wrapped', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(drizzleWrapped(error))).toBe(false);
  });

  it('answers false for what is not an error, and for causes that loop', () => {
    for (const value of [undefined, null, 'Connection terminated', 42, {}]) {
      expect(isDatabaseUnavailable(value)).toBe(false);
    }
    const looping = new Error('a');
    const other = new Error('b', { cause: looping });
    looping.cause = other;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});
