import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../../config/loopback.ts';
import { isTrustedLocalHost } from './local-only.ts';

/**
 * Local mode's test checkout gives paid plans away, so by default it answers only this computer
 * (decision 0044). The config already refuses it on a server bound to, or reached at, any other
 * address; this is the check per request, for what the config cannot see: a proxy on this machine
 * that forwards other people's requests to the loopback port.
 */

/** What a proxy adds to say that it forwarded a request (nginx, HAProxy, Caddy, every CDN). */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether a request comes from this computer itself: its peer is a loopback address, and so is the
 * client address Fastify settled on (TRUST_PROXY), no proxy says it forwarded it, and its Host is a
 * loopback name or PUBLIC_URL's (which, for the test checkout on loopback, is a loopback one too).
 */
export function isFromThisComputer(request: FastifyRequest, publicUrl: URL): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isTrustedLocalHost(request.headers.host, publicUrl);
}
