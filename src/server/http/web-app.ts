import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, pageTitle } from '#domain/site';
import { jsonForHtml } from '../html.ts';
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
 * Without a build (API tests, `npm run dev`), unknown paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { clientDir: string; publicConfig: PublicConfig },
) {
  const indexPath = path.join(options.clientDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const html = hasBuild ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig) : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendApp = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  if (html) {
    app.get('/', { schema: SHELL_SCHEMA }, async (_request, reply) => sendApp(reply));
    // The service worker precaches the shell by this name: it must get the page with the public config.
    app.get('/index.html', { schema: SHELL_SCHEMA }, async (_request, reply) => sendApp(reply));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (html && wantsApp(request)) return sendApp(reply);
    const error = new AppError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(error.toBody());
  });
}
