import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

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

/**
 * pino options: the request line without secrets, and no headers at all, so cookies, session ids,
 * authorisation headers, codes and tokens never reach the log.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers', 'res.headers', '*.password', '*.code', '*.token', '*.secret', '*.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
