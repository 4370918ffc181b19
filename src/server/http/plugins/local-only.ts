import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { Config } from '../../config/index.ts';

/**
 * Local mode's dangerous routes (decision 0019): `/api/dev/*` (sign in as any e-mail, every live code
 * in the outbox) and the embedded sign-in at `/oidc` (an account chooser that asks no password). They
 * answer only a request whose Host is this machine (localhost, 127.0.0.1, [::1], any port) or
 * PUBLIC_URL's host. A page on evil.example whose name an attacker re-points at 127.0.0.1 (DNS
 * rebinding) reaches the port, but its requests say `Host: evil.example`: refused.
 */

const LOCAL_ONLY_PREFIXES = ['/api/dev/', '/oidc/'];
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** Whether a route (by its pattern, as the router matched it: percent-escapes cannot dodge it) is local-only. */
export function isLocalOnlyRoute(url: string | undefined): boolean {
  return !!url && LOCAL_ONLY_PREFIXES.some((prefix) => `${url}/`.startsWith(prefix));
}

/** The host name and port a Host header names (lower case, IPv6 without brackets), or null if it is not one. */
export function parseHostHeader(host: string | undefined): { hostname: string; port: string } | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match?.[1]) return null;
  const hostname = match[1]
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return { hostname, port: match[2] ?? '' };
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether this Host header is a loopback name (any port) or PUBLIC_URL's host. */
export function isTrustedLocalHost(host: string | undefined, publicUrl: URL): boolean {
  const parsed = parseHostHeader(host);
  if (!parsed) return false;
  if (LOOPBACK_HOSTNAMES.has(parsed.hostname)) return true;
  const publicHostname = publicUrl.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const publicPort = publicUrl.port || DEFAULT_PORTS[publicUrl.protocol] || '';
  const port = parsed.port || DEFAULT_PORTS[publicUrl.protocol] || '';
  return parsed.hostname === publicHostname && port === publicPort;
}

export const LOCAL_ONLY_MESSAGE =
  'Local sign-in and the development routes answer only at this computer’s own address (localhost) or PUBLIC_URL.';

/** Refuses (403 forbidden) a local-only route reached under any other Host. */
export function registerLocalOnlyGuard(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (!isLocalOnlyRoute(request.routeOptions.url)) return done();
    if (isTrustedLocalHost(request.headers.host, config.publicUrl)) return done();
    done(new AppError('forbidden', `${LOCAL_ONLY_MESSAGE} Open ${config.publicUrl.origin} instead.`));
  });
}
