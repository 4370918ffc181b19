import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, pageTitle } from '#domain/site';
import { jsonForHtml } from '../html.ts';
import { chosenEncoding } from './content-encoding.ts';
import { answers, htmlPage } from './responses.ts';

/** The app's shell: the same page for every client route (registered only with a client build). */
const SHELL_SCHEMA = { tags: ['pages'], response: answers({ 200: htmlPage('The web app (index.html)') }) };

/** Writes the page title and the public config (a non-executable JSON block, CSP-safe) into index.html. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const title = pageTitle(config.siteName).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${block}\n</head>`);
}

/** One page, rendered once at start, with its compressed copies and its entity tag. */
interface RenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Of the content; each encoding is its own representation, so its tag gets a suffix. */
  etag: string;
}

function renderedPage(html: string): RenderedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/** Paths that are never the single-page app: unknown ones there answer a JSON 404. */
const NON_APP_PREFIXES = ['/api/', '/oidc/', '/ws', '/assets/'];

function wantsApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !NON_APP_PREFIXES.some(
    (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  );
}

/**
 * Serves the built client: hashed assets for a year, everything else revalidated, and index.html
 * for every client route (the client router answers unknown paths with its 404 page).
 * Text assets go out as the Brotli or gzip copy the build wrote next to them (scripts/compress-assets.mjs),
 * chosen by Accept-Encoding, with `Vary: Accept-Encoding`; the page, which carries the public config,
 * is compressed once when the server starts.
 * Without a build (API tests, `npm run dev`), unknown paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { clientDir: string; publicConfig: PublicConfig },
) {
  const indexPath = path.join(options.clientDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const page = hasBuild
    ? renderedPage(renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig))
    : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendApp = (request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage) => {
    const encoding = chosenEncoding(request);
    const etag = `"${rendered.etag}${encoding ? `-${encoding}` : ''}"`;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', etag);
    // Revalidation (no-cache) of an unchanged page costs a 304 and no body.
    if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? rendered[encoding] : rendered.identity);
  };

  if (page) {
    app.get('/', { schema: SHELL_SCHEMA }, async (request, reply) => sendApp(request, reply, page));
    // The service worker precaches the shell by this name: it must get the page with the public config.
    app.get('/index.html', { schema: SHELL_SCHEMA }, async (request, reply) => sendApp(request, reply, page));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (page && wantsApp(request)) return sendApp(request, reply, page);
    const error = new AppError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(error.toBody());
  });
}
