import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '#domain/languages';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, pageTitle } from '#domain/site';
import { jsonForHtml } from '../../html.ts';
import type { HeavyWork } from '../../services/heavy-work.ts';
import type { SharingContext } from '../../services/share-delivery.ts';
import type { SharedPageAnswers } from '../../services/share-verification.ts';
import { chosenEncoding } from '../plugins/content-encoding.ts';
import { nothingHere } from '../plugins/errors.ts';
import { recipientCookieName } from '../plugins/recipient.ts';
import { answers, htmlPage } from '../plugins/responses.ts';
import { codeScreenFormRoutes } from './code-screen-form.ts';
import {
  choosePage,
  type PrerenderedSite,
  prerenderModulePath,
  prerenderPages,
  readManifest,
  SHELL_MODULES,
  sharedPageOf,
  sharedPreloads,
  shellHtml,
} from './prerendered-pages.ts';
import { type DrawSharedChecklist, sendVerifiedSharedPage } from './verified-shared-page.ts';

/** The app's shell: the same page for every client route (registered only with a client build). */
const SHELL_SCHEMA = { tags: ['pages'], response: answers({ 200: htmlPage('The web app (index.html)') }) };

/** Writes the page title and the public config (a non-executable JSON block, CSP-safe) into index.html. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const title = pageTitle(config.siteName).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  return stylesheetsFirst(template)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${block}\n</head>`);
}

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the stylesheets ahead of the first script or preload (Vite writes them after its entry
 * script and the entry's modulepreloads). The stylesheet is the one file the first paint waits for:
 * a browser speaking HTTP/1.1 asks for at most six files of a host at once, in the order it finds
 * them, so behind the scripts it waited for a connection on a slow network (issue 15: the prerendered
 * pages' first paint, which is also their LCP).
 */
export function stylesheetsFirst(html: string): string {
  return preloadsAfterThePaint(cssAheadOfScripts(html));
}

function cssAheadOfScripts(html: string): string {
  const links = html.match(STYLESHEET_LINK);
  const firstFetch = /<script type="module"|<link rel="modulepreload"/.exec(html);
  if (!links || !firstFetch || html.indexOf(links[0]) < firstFetch.index) return html;
  const rest = html.replace(STYLESHEET_LINK, '');
  const at = rest.search(/[ \t]*(<script type="module"|<link rel="modulepreload")/);
  const moved = links.map((link) => `    ${link.trim()}\n`).join('');
  return `${rest.slice(0, at)}${moved}${rest.slice(at)}`;
}

/**
 * The entry's modulepreloads at low priority: the page is drawn from its HTML and stylesheet (the
 * scripts only hydrate it), and Chromium holds low-priority requests back while the ones the first
 * paint waits for load. Lighthouse mobile, 3 runs each: FCP 2.23 → 1.93 s on /, 2.31 → 1.91 s on the
 * code dialog. (Its LCP did not move, 2.2-2.4 s: its pessimistic estimate counts every request made
 * before the observed paint, whatever its priority.)
 */
function preloadsAfterThePaint(html: string): string {
  return html.replace(
    /<link rel="modulepreload"(?! fetchpriority)/g,
    '<link rel="modulepreload" fetchpriority="low"',
  );
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

interface WebAppOptions {
  clientDir: string;
  publicConfig: PublicConfig;
  /**
   * For a browser holding a live grant on the share of `token`, the first answers of its page, in
   * the link's language or else the share's; null for any other (services/share-verification.ts).
   */
  sharedPageAnswers?: (
    request: FastifyRequest,
    token: string,
    linkLanguage: LanguageCode | undefined,
  ) => Promise<SharedPageAnswers | null>;
  /** Where a verified recipient's checklist is drawn: the heavy-work threads (decision 0041). */
  drawSharedPage?: HeavyWork['drawSharedPage'];
  /** Loads the prerender on those threads at start (without it, each loads it with its first page). */
  prepareSharedPages?: HeavyWork['prepareSharedPages'];
  /** What the code screen's form calls (code-screen-form.ts): without it, the form is not served. */
  sharing?: SharingContext;
}

/** The pages rendered at start, and what choosing one for a request needs. */
interface AppPages {
  site: PrerenderedSite | null;
  prerendered: Map<string, RenderedPage>;
  /** The signed-in pages' shells, by module. */
  shells: Map<string, RenderedPage>;
  recipientCookie: string;
  sharedPageAnswers: WebAppOptions['sharedPageAnswers'];
  /** Draws a verified recipient's checklist, when the build's prerender can. */
  drawSharedChecklist: DrawSharedChecklist | null;
}

/**
 * Serves the built client: hashed assets for a year, everything else revalidated, and for every client
 * route its prerendered page (prerendered-pages.ts) or index.html; a path that is no route gets the
 * 404 page with status 404.
 * Text assets go out as the Brotli or gzip copy the build wrote next to them (scripts/compress-assets.mjs),
 * chosen by Accept-Encoding, with `Vary: Accept-Encoding`; the page, which carries the public config,
 * is compressed once when the server starts.
 * Without a build (API tests, `npm run dev`), unknown paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const indexPath = path.join(options.clientDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const shell = hasBuild ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options.publicConfig) : null;
  const page = shell ? renderedPage(shell) : null;
  const { site, prerendered } = shell
    ? await prerenderAtStart(app, options, shell)
    : { site: null, prerendered: new Map<string, RenderedPage>() };
  // The signed-in pages are drawn in the browser: their shells preload each page's chunks.
  const manifest = hasBuild ? readManifest(options.clientDir) : null;
  const pages: AppPages = {
    site,
    prerendered,
    shells: new Map(
      SHELL_MODULES.map((module) => [module, renderedPage(shellHtml(shell ?? '', manifest, module))]),
    ),
    recipientCookie: recipientCookieName(app.config),
    sharedPageAnswers: options.sharedPageAnswers,
    drawSharedChecklist: drawerOf(site, options),
  };

  if (hasBuild) await serveClientFiles(app, options.clientDir);
  // The code screen is a form (decision 0061): its posts, in a scope with a form body parser.
  if (site && options.sharing) await app.register(codeScreenFormRoutes, { context: options.sharing, site });

  if (page) {
    app.get('/', { schema: SHELL_SCHEMA }, async (request, reply) => sendRoute(request, reply, pages, page));
    // The service worker precaches the shell by this name: it must get the page with the public config.
    app.get('/index.html', { schema: SHELL_SCHEMA }, async (request, reply) => sendApp(request, reply, page));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (page && wantsApp(request)) return sendRoute(request, reply, pages, page);
    return reply.status(404).send(nothingHere(request).toBody());
  });
}

/**
 * Draws a verified recipient's checklist with the build's prerender on a heavy-work thread, which
 * loads it once with the same settings; null when the prerender cannot draw one (or there is none).
 */
function drawerOf(site: PrerenderedSite | null, options: WebAppOptions): DrawSharedChecklist | null {
  const draw = options.drawSharedPage;
  if (!site?.renderSharedChecklist || !draw) return null;
  const prerender = {
    modulePath: prerenderModulePath(options.clientDir),
    publicConfig: options.publicConfig,
  };
  // The threads load the prerender now, not with the first recipient's page.
  let prepared = false;
  const preparing = options.prepareSharedPages?.(prerender) ?? Promise.resolve();
  void preparing.finally(() => {
    prepared = true;
  });
  return (input) =>
    drawnWithin(prepared ? DRAW_WAIT_MS : COLD_DRAW_WAIT_MS, draw({ ...prerender, ...input }));
}

/**
 * How long a page waits for its drawing: past this it goes with its skeleton and the script draws the
 * checklist (a browser without scripts then has no checklist), while the thread finishes for the next
 * page. A drawing takes 40-60 ms for 50 tasks, 130-650 ms for 500 long ones on a free core.
 */
const DRAW_WAIT_MS = 1500;
/**
 * The same while the threads are still loading the prerender after a start (0.5-1 s on a free core,
 * 11 s was seen on a busy machine, just when a code screen sends its recipient here): the drawing is
 * the only page a browser without scripts gets.
 */
const COLD_DRAW_WAIT_MS = 10_000;

export function drawnWithin<T>(ms: number, drawing: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The drawing took longer than ${ms} ms.`)), ms);
  });
  // The drawing goes on; a late failure is the thread's to log, not an unhandled rejection here.
  drawing.catch(() => {});
  return Promise.race([drawing, late]).finally(() => clearTimeout(timer));
}

/** The public pages prerendered from the shell, or none when that fails. */
async function prerenderAtStart(
  app: FastifyInstance,
  options: WebAppOptions,
  shell: string,
): Promise<{ site: PrerenderedSite | null; prerendered: Map<string, RenderedPage> }> {
  const prerendered = new Map<string, RenderedPage>();
  const started = performance.now();
  try {
    const site = await prerenderPages({
      clientDir: options.clientDir,
      shell,
      publicConfig: options.publicConfig,
    });
    for (const [name, html] of site?.pages ?? []) prerendered.set(name, renderedPage(html));
    if (site) {
      app.log.info(
        { pages: site.pages.size, ms: Math.round(performance.now() - started) },
        'Prerendered the public pages',
      );
    }
    return { site, prerendered };
  } catch (error) {
    // The pages then draw in the browser, as before: slower to show, never down.
    app.log.error({ err: error }, 'Prerendering the public pages failed: every route gets the plain shell');
    return { site: null, prerendered: new Map() };
  }
}

/** The build's files: hashed assets cached for a year, the rest revalidated. */
async function serveClientFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    // The build's manifest is for the server (prerendered-pages.ts) and the benchmarks, not the web.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** The page for this route: prerendered when there is one (prerendered-pages.ts), else the shell. */
async function sendRoute(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: AppPages,
  shellPage: RenderedPage,
) {
  const { site, sharedPageAnswers } = pages;
  const url = new URL(request.url, 'http://app');
  const choice = choosePage(url.pathname, url.searchParams, request.cookies, pages.recipientCookie);
  // A recipient cookie names a browser, not a share: whether it verified this link is asked (the
  // grant's indexed read), and a browser that did gets its checklist in the page (decision 0016).
  if (choice.shareToken && sharedPageAnswers) {
    try {
      const found = await sharedPageAnswers(request, choice.shareToken, choice.linkLanguage);
      const template = found && site?.verified.get(found.language);
      if (found && template) {
        return sendVerifiedSharedPage(request, reply, {
          token: choice.shareToken,
          answers: found,
          template,
          draw: pages.drawSharedChecklist,
        });
      }
      choice.page = sharedPageOf(choice, found !== null);
      if (found) reply.header('link', sharedPreloads(choice.shareToken, found.language));
    } catch (error) {
      // The page then goes by the cookie alone: the browser asks the server itself in a moment.
      request.log.warn({ err: error }, "Could not read the recipient's shared page");
    }
  }
  reply.code(choice.status);
  const page =
    (choice.page && pages.prerendered.get(choice.page)) || (choice.module && pages.shells.get(choice.module));
  return sendApp(request, reply, page || shellPage);
}

function sendApp(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage) {
  const encoding = chosenEncoding(request);
  const etag = `"${rendered.etag}${encoding ? `-${encoding}` : ''}"`;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    // Which page a route gets depends on cookies too (the recipient's, the closed banner's).
    .header('vary', 'Accept-Encoding, Cookie')
    .header('etag', etag);
  // Revalidation (no-cache) of an unchanged page costs a 304 and no body.
  if (reply.statusCode === 200 && ifNoneMatchHas(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? rendered[encoding] : rendered.identity);
}
