import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import { REALTIME_PATH } from '#domain/realtime';
import { hashSecret } from '../../ids.ts';
import type { SocketIdentity } from '../../realtime/access.ts';
import type { RealtimeSocket } from '../../realtime/connection.ts';
import type { RealtimeService } from '../../realtime/service.ts';
import { clientKey } from '../plugins/rate-limits.ts';
import { recipientBrowserHash } from '../plugins/recipient.ts';
import { answers, noBody } from '../plugins/responses.ts';
import { isSameOrigin } from '../plugins/security.ts';
import { sessionCookieName } from '../plugins/session.ts';

/** What the handshake answers over HTTP (the messages are in docs/api.md "Realtime"). */
const SCHEMA = {
  tags: ['realtime'],
  response: answers({ 101: noBody('Switching Protocols: the WebSocket is open') }, [
    'cross_site_request',
    'not_found',
  ]),
};

/**
 * GET /ws (docs/api.md, "Realtime"): the handshake is judged here, the socket then belongs to the
 * realtime service. Who is asking is taken from the same cookies the API reads; nothing is looked up
 * yet (each subscribe is authorised as a read of that checklist), so a socket with neither cookie
 * connects but every subscribe it sends is refused. A plain GET (no upgrade) answers 404.
 *
 * Handshakes are rate-limited per address in the shared store (http/plugins/rate-limits.ts, decision 0020),
 * so every instance counts against one limit: past it, 429 with Retry-After, before the upgrade and
 * before any cookie is looked up (REALTIME_LIMITS.handshakesPerIpPerMinute says why the figure).
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  options: { realtime: RealtimeService; handshakesPerMinute: number },
) {
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: SCHEMA,
    config: { rateLimit: { max: options.handshakesPerMinute, timeWindow: 60_000 } },
    onRequest: refuseForeignOrigin,
    handler: async () => {
      throw new AppError('not_found', 'This is the WebSocket endpoint: open it as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      options.realtime.accept(socket as unknown as RealtimeSocket, identityOf(request), clientKey(request));
    },
  });
}

/**
 * Cross-site WebSocket hijacking: a page elsewhere could open a socket that carries our cookies, and
 * the CSRF guard does not see a GET. Browsers always send Origin on a WebSocket handshake, so a foreign
 * one is refused before the upgrade (403). A handshake with no Origin does not come from a web page
 * (a script, a test, a native client): it carries only the cookies its sender chose to send, so it is
 * let through, as the CSRF guard lets through requests without Origin.
 */
async function refuseForeignOrigin(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!isSameOrigin(request, origin, request.server.config)) {
    throw new AppError('cross_site_request', 'This connection came from another site and was refused.');
  }
}

function identityOf(request: FastifyRequest): SocketIdentity {
  const session = request.cookies[sessionCookieName(request.server.config)];
  return { sessionHash: session ? hashSecret(session) : null, browserHash: recipientBrowserHash(request) };
}
