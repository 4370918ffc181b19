import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { Config } from '../config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers. The Content-Security-Policy is the one the built client satisfies: scripts and
 * styles only from our origin (no inline code; the config block is non-executable JSON), images
 * also as data:/blob: (photo previews), connections to our origin (API and WebSocket).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The sign-in popup must keep talking to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** The origins a cookie-carrying browser request may come from: the public URL and the host it used. */
function isSameOrigin(request: FastifyRequest, origin: string, config: Config): boolean {
  if (origin === config.publicUrl.origin) return true;
  const host = request.headers.host;
  if (!host) return false;
  return origin === `${request.protocol}://${host}`;
}

/**
 * CSRF defence for cookie-authenticated state changes: a browser says where a request comes from
 * (Sec-Fetch-Site, else Origin); anything but our own origin is refused. Requests without either
 * header are not from a browser page and carry no ambient authority worth forging. Every path is
 * judged, not only /api: a path test could be dodged with percent-escapes ('/%61pi/...'), which the
 * router decodes before matching.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (typeof origin === 'string' && !isSameOrigin(request, origin, config));
    if (crossSite) {
      throw new AppError('cross_site_request', 'This request came from another site and was refused.');
    }
  });
}
