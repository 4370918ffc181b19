import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLanguageCode, type LanguageCode } from '#domain/languages';
import { SHARED_ANSWERS_ELEMENT_ID, type SharedPageAnswers } from '#domain/sharing';
import { DEV_BANNER_COOKIE, type PublicConfig } from '#domain/site';
import { escapeHtml } from '../../html.ts';
import {
  CODE_PAGE_CUT,
  type CodePageTemplate,
  codePageTemplate,
  type RenderCodeScreen,
} from './code-screen-page.ts';
import {
  CODE_SCREEN_ENTRY,
  chunkClosure,
  codeScreenScripts,
  LANDING_ENTRY,
  landingScripts,
  type Manifest,
} from './page-scripts.ts';

/**
 * The pages drawn before any JavaScript runs (issue 15): the landing page, pricing, SMS consent, the
 * file check (/verify), the subscription results, the 404 page, the dashboard waiting for its data, and
 * the shared page's first screen (its code dialog, or the checklist's skeleton for a browser that holds
 * a recipient cookie), in each of the fifteen languages.
 *
 * The build writes the prerender (src/web/prerender.tsx -> dist/prerender/prerender.js: the app's own
 * components for Node). The server runs it once at start-up, because the pages carry this deployment's
 * settings (site and company names, billing mode, local mode), then serves each page from memory like
 * index.html. The browser hydrates what it got (src/web/main.tsx).
 */

/** What the prerender gives for each page (src/web/prerender.tsx, by shape: the server imports no web code). */
export interface PrerenderedPage {
  variant: {
    name: string;
    page: string;
    language: LanguageCode;
    /** 'checklist': a verified page the server draws per request (verifiedPageTemplate). */
    firstScreen: 'code' | 'verified' | 'checklist' | null;
  };
  html: string;
  title: string | null;
}

/** What the server gives the prerender to draw a verified recipient's checklist (src/web/prerender.tsx). */
export interface SharedRenderInput {
  /** The path and query of the request (`/shared/{token}`, `lang=es`). */
  path: string;
  search: string;
  answers: SharedPageAnswers;
}

/** The #root markup of a verified recipient's checklist and the page's title; throws when it cannot be drawn. */
export type RenderSharedChecklist = (input: SharedRenderInput) => { html: string; title: string | null };

interface PrerenderModule {
  prerenderPages(config: PublicConfig): Promise<PrerenderedPage[]>;
  renderSharedChecklist?: RenderSharedChecklist;
  renderCodeScreen?: RenderCodeScreen;
}

/** The prerender's bundle beside the client's build (dist/client -> dist/prerender/prerender.js). */
export function prerenderModulePath(clientDir: string): string {
  return path.join(clientDir, '..', 'prerender', 'prerender.js');
}

/**
 * The page's own chunks (and its language's catalog), announced in <head> so the browser fetches
 * them beside the entry instead of after it has run: hydration, or the first render, needs them all.
 */
function preloads(manifest: Manifest | null, modules: string[], language: LanguageCode | null): string {
  if (!manifest) return '';
  const entry = chunkClosure(manifest, 'index.html');
  const wanted = new Set([
    ...modules.flatMap((module) => [...chunkClosure(manifest, module)]),
    ...(language ? chunkClosure(manifest, `src/web/i18n/compiled/${language}.ts`) : []),
  ]);
  return [...wanted]
    .filter((file) => !entry.has(file) && file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
    .join('\n    ');
}

const withPreloads = (html: string, links: string) =>
  links ? html.replace('</head>', () => `    ${links}\n  </head>`) : html;

/** The shell for a page drawn in the browser (the signed-in ones), with that page's chunks preloaded. */
export function shellHtml(shell: string, manifest: Manifest | null, page: string): string {
  return withPreloads(shell, preloads(manifest, [page], 'en'));
}

/** The build's Vite manifest (which chunks each module needs), or null without one. */
export function readManifest(clientDir: string): Manifest | null {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  return existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
}

/**
 * The chunk of a verified recipient's checklist (lazy in src/web/pages/shared.tsx). The page with the
 * skeleton needs it to show anything: it is preloaded beside the page's own. The page with the
 * checklist drawn needs it only to hydrate, and the page's chunk asks for it (routes.tsx): not
 * preloaded, its 17 KiB do not compete with the stylesheet for the first paint on a weak network.
 */
export const SHARED_CHECKLIST_MODULE = 'src/web/pages/shared/shared-checklist-content.tsx';

export const withTitle = (html: string, title: string) =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);

/** The app's index.html with the page drawn into #root, its language, title and chunks. */
export function pageHtml(shell: string, manifest: Manifest | null, page: PrerenderedPage): string {
  const { language, firstScreen } = page.variant;
  const mark = firstScreen ? ` data-first-screen="${firstScreen}"` : '';
  let html = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}>`)
    .replace('<div id="root"></div>', () => `<div id="root"${mark}>${page.html}</div>`);
  if (page.title) html = withTitle(html, page.title);
  if (firstScreen === 'code' && manifest?.[CODE_SCREEN_ENTRY]) {
    return codeScreenScripts(html, manifest, [page.variant.page, SHARED_CHECKLIST_MODULE], language);
  }
  if (page.variant.name.startsWith('landing') && manifest?.[LANDING_ENTRY]) {
    return landingScripts(html, manifest);
  }
  const modules = [page.variant.page, ...(firstScreen === 'verified' ? [SHARED_CHECKLIST_MODULE] : [])];
  return withPreloads(html, preloads(manifest, modules, language));
}

/**
 * A verified recipient's shared page in one language, cut around what changes per request: its
 * #root (the skeleton, or the checklist the server drew) and the block of its answers before </body>.
 */
export interface VerifiedPageTemplate {
  /** Up to and with `<div id="root" data-first-screen="verified">`. */
  head: string;
  skeleton: string;
  /** The same for the checklist drawn: `data-first-screen="checklist"`, its own preloads. */
  drawnHead: string;
  /** From the root's `</div>` up to (without) `</body>`. */
  rest: string;
  /** `</body>` and after. */
  end: string;
}

const CUT = '\u0000root\u0000';

/** The template of a prerendered verified page (pageHtml's page, with #root cut out). */
export function verifiedPageTemplate(
  shell: string,
  manifest: Manifest | null,
  page: PrerenderedPage,
): VerifiedPageTemplate {
  const [head = '', after = ''] = pageHtml(shell, manifest, { ...page, html: CUT }).split(CUT);
  const drawn = { ...page, html: CUT, variant: { ...page.variant, firstScreen: 'checklist' as const } };
  const [drawnHead = ''] = pageHtml(shell, manifest, drawn).split(CUT);
  const bodyEnd = after.lastIndexOf('</body>');
  return {
    head,
    skeleton: page.html,
    drawnHead,
    rest: after.slice(0, bodyEnd),
    end: after.slice(bodyEnd),
  };
}

/**
 * The page a verified recipient gets: the template with the block of its answers (JSON text, already
 * safe in HTML: html.ts jsonTextForHtml) and, when the server drew the checklist, that markup in #root
 * (marked 'checklist', so the script hydrates it instead of the skeleton) and its title.
 */
export function verifiedPageHtml(
  template: VerifiedPageTemplate,
  answersJson: string,
  drawn: { html: string; title: string | null } | null,
): string {
  const block = `<script type="application/json" id="${SHARED_ANSWERS_ELEMENT_ID}">${answersJson}</script>\n`;
  if (!drawn) return template.head + template.skeleton + template.rest + block + template.end;
  const head = drawn.title ? withTitle(template.drawnHead, drawn.title) : template.drawnHead;
  return head + drawn.html + template.rest + block + template.end;
}

/** What the build's prerender gives the server at start-up. */
export interface PrerenderedSite {
  /** Each page's HTML by its variant's name. */
  pages: Map<string, string>;
  /** The verified recipient's page by language, to fill per request. */
  verified: Map<LanguageCode, VerifiedPageTemplate>;
  /** Draws a verified recipient's checklist, when the build's prerender can. */
  renderSharedChecklist: RenderSharedChecklist | null;
  /** The code screen's page by language, and what draws it per answer to its form (decision 0061). */
  codeScreens: Map<LanguageCode, CodePageTemplate>;
  renderCodeScreen: RenderCodeScreen | null;
}

/**
 * Runs the build's prerender with this deployment's settings and returns each page's HTML by its
 * variant's name; null when the build has no prerender (then every route gets the plain shell).
 * `shell` is index.html as the server sends it (with the public config).
 */
export async function prerenderPages(options: {
  clientDir: string;
  shell: string;
  publicConfig: PublicConfig;
  modulePath?: string;
}): Promise<PrerenderedSite | null> {
  const modulePath = options.modulePath ?? prerenderModulePath(options.clientDir);
  if (!existsSync(modulePath)) return null;
  const prerender = (await import(pathToFileURL(modulePath).href)) as PrerenderModule;
  const manifest = readManifest(options.clientDir);
  const pages = await prerender.prerenderPages(options.publicConfig);
  const verified = new Map<LanguageCode, VerifiedPageTemplate>();
  const codeScreens = new Map<LanguageCode, CodePageTemplate>();
  for (const page of pages) {
    const { firstScreen, language } = page.variant;
    if (firstScreen === 'verified')
      verified.set(language, verifiedPageTemplate(options.shell, manifest, page));
    if (firstScreen === 'code') {
      const marked = pageHtml(options.shell, manifest, { ...page, html: CODE_PAGE_CUT });
      codeScreens.set(language, codePageTemplate(marked));
    }
  }
  return {
    pages: new Map(pages.map((page) => [page.variant.name, pageHtml(options.shell, manifest, page)])),
    verified,
    renderSharedChecklist: prerender.renderSharedChecklist ?? null,
    codeScreens,
    renderCodeScreen: prerender.renderCodeScreen ?? null,
  };
}

/**
 * What a request for a client route gets: a prerendered page (by name), or else the shell with the
 * chunks of `module` preloaded (a signed-in page, drawn in the browser), and a status.
 */
export interface PageChoice {
  page: string | null;
  module?: string;
  status: 200 | 404;
  /** A shared link's token, when the page was chosen by the cookie alone (it may be checked). */
  shareToken?: string;
  /** The shared page's language (the link's `lang`, else English): the one its first asks are in. */
  language?: LanguageCode;
  /** The link's own `lang`, when it has one (a verified browser's page is otherwise in the share's). */
  linkLanguage?: LanguageCode;
}

/**
 * A `Link` header that starts a verified recipient's two first asks (the share's status and its
 * checklist, spec section 4) beside the HTML, instead of after the page's JavaScript has run: on a
 * weak network that is a round trip and the script's download sooner. The URLs and the credentials
 * mode are the ones src/web/pages/shared/use-share-access.ts sends, so the browser uses the preloads.
 */
export function sharedPreloads(token: string, language: LanguageCode): string {
  const encoded = encodeURIComponent(token);
  return [
    `</api/verification/status/${encoded}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    `</api/shared/checklist?token=${encoded}&lang=${language}>; rel=preload; as=fetch; crossorigin=use-credentials`,
  ].join(', ');
}

/** The shared page for a browser whose grant on the link was checked: the code dialog, or the skeleton. */
export function sharedPageOf(choice: PageChoice, verified: boolean): string | null {
  return (
    choice.page?.replace(/^shared-(code|verified)-/, `shared-${verified ? 'verified' : 'code'}-`) ?? null
  );
}

const PUBLIC_PAGES: Record<string, string> = {
  '/pricing': 'pricing',
  '/sms-consent': 'sms-consent',
  '/subscription/cancel': 'subscription-cancel',
};

const pages = (name: string) => `src/web/pages/${name}`;

/** The client's other routes (src/web/routes.tsx), drawn in the browser from the shell, with their page's module. */
const APP_ROUTES: [RegExp, string | undefined][] = [
  [/^\/index\.html$/, undefined],
  [/^\/checklist\/[^/]+$/, pages('checklist.tsx')],
  [/^\/settings$/, pages('settings.tsx')],
  [/^\/settings\/team$/, pages('team.tsx')],
  [/^\/settings\/developers$/, pages('developer-settings.tsx')],
  [/^\/settings\/glossary$/, pages('glossary-settings.tsx')],
  [/^\/automation$/, pages('automation.tsx')],
  [/^\/insights$/, pages('insights.tsx')],
  // An invitation's link (issue 29): what it shows depends on the link and on who is signed in, so the
  // shell with the page's chunk, like the signed-in pages, and no prerendered page.
  [/^\/join\/[^/]+$/, pages('join.tsx')],
  [/^\/billing\/test-checkout\/[^/]+$/, pages('billing-pages.tsx')],
  [/^\/billing\/test-portal$/, pages('billing-pages.tsx')],
  // '/verify?checklist={id}', the legacy form of a shared link: what it shows depends on who is signed in.
  [/^\/verify$/, pages('verify.tsx')],
  // Public, drawn in the browser: its commands carry the origin the visitor sees (decision 0051).
  [/^\/developers$/, pages('developers.tsx')],
  // The plan cards' documents (issue 33), drawn from the repository's markdown in the browser.
  [/^\/sla$/, pages('documents.tsx')],
  [/^\/deployment$/, pages('documents.tsx')],
  [/^\/privacy$/, pages('documents.tsx')],
];

/** Every module a shell may preload (the server prepares each shell once, at start-up). */
export const SHELL_MODULES = [
  ...new Set([...APP_ROUTES.map(([, module]) => module), pages('billing-pages.tsx'), pages('dashboard.tsx')]),
].filter((module): module is string => Boolean(module));

/** A shared link's own language (`?lang=`), when it names one of the fifteen. */
export function linkLanguageOf(search: URLSearchParams): LanguageCode | undefined {
  const lang = search.get('lang')?.toLowerCase();
  return isLanguageCode(lang) ? lang : undefined;
}

const SHARED_ROUTE = /^\/shared\/(?:checklist\/)?([^/]+)$/;

/** A path segment's text, or null when its percent-escapes are malformed (such a token is no share's). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page for a path. A shared link's page is in the link's language (`?lang=`), showing the code
 * dialog, or the checklist's skeleton when the browser holds a recipient cookie (it verified some
 * share; the server then checks it is this one: `shareToken`, sharedPageOf). A path that is no route
 * answers the 404 page with status 404.
 */
export function choosePage(
  pathname: string,
  search: URLSearchParams,
  cookies: Record<string, string | undefined>,
  recipientCookie: string,
): PageChoice {
  const banner = cookies[DEV_BANNER_COOKIE] === 'dismissed' ? '-no-banner' : '';
  if (pathname === '/') return { page: `landing${banner}`, status: 200 };
  if (pathname === '/dashboard') {
    return { page: `dashboard${banner}`, module: pages('dashboard.tsx'), status: 200 };
  }
  const name = PUBLIC_PAGES[pathname];
  if (name) return { page: name, status: 200 };
  // 'Check a report or photo'; the legacy '/verify?checklist={id}' is drawn in the browser (APP_ROUTES).
  if (pathname === '/verify' && !search.has('checklist')) return { page: 'verify', status: 200 };
  // Drawn confirming a checkout: only right when the link names one (else the page says there is none).
  if (pathname === '/subscription/success') {
    if (search.get('session_id')) return { page: 'subscription-success', status: 200 };
    return { page: null, module: pages('billing-pages.tsx'), status: 200 };
  }
  const shared = SHARED_ROUTE.exec(pathname);
  if (shared) {
    const linkLanguage = linkLanguageOf(search);
    const language = linkLanguage ?? 'en';
    const token = decoded(shared[1] ?? '');
    if (!cookies[recipientCookie] || token === null) return { page: `shared-code-${language}`, status: 200 };
    return {
      page: `shared-verified-${language}`,
      status: 200,
      shareToken: token,
      language,
      ...(linkLanguage ? { linkLanguage } : {}),
    };
  }
  const app = APP_ROUTES.find(([route]) => route.test(pathname));
  if (app) return app[1] ? { page: null, module: app[1], status: 200 } : { page: null, status: 200 };
  return { page: 'not-found', status: 404 };
}
