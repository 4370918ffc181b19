import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '#domain/errors';
import type { Config } from '../../config/index.ts';
import { type Answers, isContentAnswer } from './responses.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerSecurityHeaders: an /api/ route whose every declared answer is JSON or no body. */
    jsonAnswers?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers. The Content-Security-Policy is the one the built client satisfies: scripts and
 * styles only from our origin (no inline code; the config block is non-executable JSON), images
 * also as data:/blob: (photo previews), connections to our origin (API and WebSocket).
 */
export function securityHeaderOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.protocol === 'https:';
  return {
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
  };
}

/**
 * The headers helmet sets for these options. They hold no per-request part (no nonces), so helmet
 * runs once at start-up; building its middleware on every request (as @fastify/helmet does) cost
 * about a tenth of a small request's time.
 */
export function staticSecurityHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * What still means something on a script or a stylesheet: the browser reads the others (CSP, framing,
 * referrer, opener...) only from documents and workers. The build's hashed files under /assets/ are
 * scripts, styles and images (no worker: the service worker is /sw.js, with every header).
 */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** The build's hashed files, as requested (a percent-escaped path gets every header: the safe side). */
const isAssetRequest = (request: FastifyRequest) =>
  request.url.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD');

/**
 * The policy of an answer that is never a document: JSON is not run or drawn, so it may load nothing
 * and be framed nowhere (OWASP's REST cheat sheet). Opened in a tab, the browser shows it as text.
 */
export const JSON_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * An /api/ route whose every declared answer (docs/api.md; responses.ts) is JSON or has no body. Routes
 * under /api/ that answer a page (a sign-in's end, an unsubscribe, /api/docs) or a file keep every header.
 */
export function answersOnlyJson(route: Pick<RouteOptions, 'url' | 'schema'>): boolean {
  const response = route.schema?.response as Answers | undefined;
  if (!route.url.startsWith('/api/') || !response) return false;
  return Object.values(response).every((answer) => !isContentAnswer(answer));
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = staticSecurityHeaders(securityHeaderOptions(config));
  const assetHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
  // A JSON answer needs no document's headers either; about 720 bytes of them were half of a tick's
  // answer on the wire (decision 0065). Its own policy refuses everything, framing included.
  const jsonHeaders: [string, string][] = [['content-security-policy', JSON_ANSWER_CSP], ...assetHeaders];
  app.addHook('onRoute', (route) => {
    if (answersOnlyJson(route)) route.config = { ...route.config, jsonAnswers: true };
  });
  // On the raw response, as helmet does, so replies written outside Fastify (the OpenID provider) carry them too.
  // A page loads some forty small assets: the document-only headers cost about 650 bytes on each
  // (a quarter of a phone's first visit to a shared link, measured), for nothing.
  app.addHook('onRequest', (request, reply, done) => {
    const chosen = request.routeOptions.config?.jsonAnswers
      ? jsonHeaders
      : isAssetRequest(request)
        ? assetHeaders
        : headers;
    for (const [name, value] of chosen) reply.raw.setHeader(name, value);
    done();
  });
}

/** The origins a cookie-carrying browser request may come from: the public URL and the host it used. */
export function isSameOrigin(request: FastifyRequest, origin: string, config: Config): boolean {
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
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // A bearer request's cookies are dropped (api-tokens.ts): it carries no ambient authority to forge.
    if (request.bearer) return done();
    // A route whose proof is a signed token in its URL (the unsubscribe link, RFC 8058) takes posts
    // from anywhere: a mail provider's one-click POST names no origin of ours.
    if (request.routeOptions.config?.crossSiteAllowed) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (typeof origin === 'string' && !isSameOrigin(request, origin, config));
    if (crossSite) {
      return done(new AppError('cross_site_request', 'This request came from another site and was refused.'));
    }
    done();
  });
}
