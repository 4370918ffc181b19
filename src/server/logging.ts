import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/index.ts';

/** Query parameters whose values are logged; every other value is redacted (codes, tokens, state...). */
const LOGGABLE_QUERY_KEYS = new Set(['lang', 'checklist']);

/** Path segments that are secrets (share tokens, provider interaction ids) are replaced in logs. */
const SECRET_PATH_PATTERNS: RegExp[] = [
  /^(\/shared(?:\/checklist)?\/)[^/?]+/,
  /^(\/api\/verification\/status\/)[^/?]+/,
  /^(\/oidc\/interaction\/)[^/?]+/,
];

/** Paths are matched decoded, as the router sees them, so '/%73hared/<token>' is redacted too. */
function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let pathname = safeDecode(queryStart === -1 ? url : url.slice(0, queryStart));
  for (const pattern of SECRET_PATH_PATTERNS) pathname = pathname.replace(pattern, '$1[redacted]');
  if (queryStart === -1) return pathname;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const safe = [...params.keys()].map((key) =>
    LOGGABLE_QUERY_KEYS.has(key)
      ? `${key}=${encodeURIComponent(params.get(key) ?? '')}`
      : `${key}=[redacted]`,
  );
  return `${pathname}?${safe.join('&')}`;
}

// ---------------------------------------------------------------------------------------------
// Errors: a failed query never logs its parameters (e-mails, remarks, session-id hashes)

/**
 * Drizzle's DrizzleQueryError says `Failed query: <statement>\nparams: <values>` in its message
 * (and so in its stack) and keeps the values in `params`; PGlite puts `query` and `params` on its
 * own errors too. PostgreSQL's `detail` and `where` repeat row values ("Key (email)=(…)", "Failing
 * row contains (…)"), and a data exception (class 22) quotes the value it could not take.
 */
const PARAMS_IN_MESSAGE = /\r?\nparams: [\s\S]*$/;
const DROPPED_FIELDS = new Set([
  'params',
  'queryOptions',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'cause',
]);
const MAX_CAUSE_DEPTH = 5;

/** A PostgreSQL (pg) or PGlite error: a five-character SQLSTATE and a severity. */
function sqlStateOf(error: Record<string, unknown>): string | null {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error
    ? error.code
    : null;
}

/** The message without the values a failed query carried. */
function scrubMessage(message: string, sqlState: string | null, params: unknown): string {
  let text = message.replace(PARAMS_IN_MESSAGE, '');
  // Data exceptions quote the offending value ('invalid input syntax for type uuid: "…"') or its bytes.
  if (sqlState?.startsWith('22')) {
    text = text.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"').replace(/(?:0x[0-9a-f]{2} ?)+/gi, '[redacted]');
  }
  if (Array.isArray(params)) {
    for (const value of params) {
      const shown = typeof value === 'string' ? value : value instanceof Date ? null : String(value);
      if (shown && shown.length >= 3) text = text.split(shown).join('[redacted]');
    }
  }
  return text;
}

/**
 * pino's `err` serializer: the error's type, message, statement, SQLSTATE (as `sqlState`: `*.code`
 * is redacted), stack and causes, never the parameters of a query, on both drivers and at every level.
 * Plain objects logged as `err` ({ message }) lose the parameters from their message too.
 */
export function serializeError(value: unknown, depth = 0, params: unknown = undefined): unknown {
  if (!value || typeof value !== 'object') return value;
  const error = value as Record<string, unknown>;
  const queryParams = error.params ?? params;
  const sqlState = sqlStateOf(error);
  const out: Record<string, unknown> = {};
  if (value instanceof Error) out.type = value.constructor?.name ?? value.name;
  for (const [key, field] of Object.entries(error)) {
    if (DROPPED_FIELDS.has(key) || key === 'message' || key === 'stack') continue;
    out[key] = field;
  }
  if (sqlState) out.sqlState = sqlState;
  const message =
    typeof error.message === 'string' ? scrubMessage(error.message, sqlState, queryParams) : undefined;
  if (message !== undefined) out.message = message;
  if (typeof error.stack === 'string') {
    // The stack's first lines repeat the message: only its frames are kept, after the clean message.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${String(out.type ?? 'Error')}: ${message ?? ''}`, ...frames].join('\n');
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    out.cause = serializeError(error.cause, depth + 1, queryParams);
  }
  return out;
}

/**
 * pino options: the request line without secrets, and no headers at all, so cookies, session ids,
 * authorisation headers, codes and tokens never reach the log; errors without query parameters.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers', 'res.headers', '*.password', '*.code', '*.token', '*.secret', '*.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify types it for its own errors; anything logged as `err` goes through it.
      err: serializeError as (error: unknown) => { type: string; message: string; stack: string },
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
