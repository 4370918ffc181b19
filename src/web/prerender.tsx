import type { VNode } from 'preact';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { LANGUAGE_CODES, type LanguageCode } from '#domain/languages';
import type { SharedPageAnswers } from '#domain/sharing';
import type { PublicConfig } from '#domain/site';
import { App } from './app.tsx';
import { setDevelopmentBannerDismissed } from './components/development-banner.tsx';
import { setLandingDrawnForScript } from './components/landing-templates.tsx';
import { takePrerenderedTitle } from './components/page.tsx';
import { loadUiLanguage, startUiLanguage } from './i18n/i18n.tsx';
import { type FirstScreen, setFirstScreen } from './lib/first-screen.ts';
import { setPublicConfig } from './lib/public-config.ts';
import { type DrawnCodeScreen, setDrawnCodeScreen } from './pages/shared/drawn-code-screen.ts';
import { setPageAnswers } from './pages/shared/page-answers.ts';

/**
 * The public pages as HTML, drawn by the same components the browser then hydrates (src/web/main.tsx).
 * Built by Vite as a server bundle (scripts/build.mjs -> dist/prerender/prerender.js) and run by the
 * server once at start-up (src/server/http/pages/prerendered-pages.ts), because the pages carry the
 * deployment's settings (site and company names, billing mode, local mode), which a build cannot know.
 * Nothing here may depend on the visitor beyond what each variant names: the server picks a variant
 * per request.
 */

export interface PrerenderVariant {
  /** A name for the file and the server's table: 'landing', 'shared-code-es'. */
  name: string;
  /** The path rendered (a shared page's token is a placeholder that never appears in the HTML). */
  path: string;
  search: string;
  /** The source module of the page's chunk (its key in Vite's manifest), to preload it. */
  page: string;
  language: LanguageCode;
  firstScreen: FirstScreen | null;
  /** The landing page without the development banner (the visitor dismissed it: a cookie says so). */
  bannerDismissed: boolean;
}

export interface PrerenderedPage {
  variant: PrerenderVariant;
  /** The markup of #root. */
  html: string;
  title: string | null;
}

/** Stands in for a share's token: it must not appear in the page (one page serves every link). */
export const TOKEN_PLACEHOLDER = 'prerendered-share-token';

const variant = (name: string, path: string, page: string, extra: Partial<PrerenderVariant> = {}) => ({
  name,
  path,
  search: '',
  page: `src/web/pages/${page}`,
  language: 'en' as LanguageCode,
  firstScreen: null,
  bannerDismissed: false,
  ...extra,
});

export const VARIANTS: PrerenderVariant[] = [
  variant('landing', '/', 'landing.tsx'),
  variant('landing-no-banner', '/', 'landing.tsx', { bannerDismissed: true }),
  // The dashboard as it first shows, waiting for the owner's data (placeholders where it goes).
  variant('dashboard', '/dashboard', 'dashboard.tsx'),
  variant('dashboard-no-banner', '/dashboard', 'dashboard.tsx', { bannerDismissed: true }),
  variant('pricing', '/pricing', 'pricing.tsx'),
  variant('sms-consent', '/sms-consent', 'sms-consent.tsx'),
  // 'Check a report or photo' (decision 0060); with ?checklist= the page is the legacy link's, drawn in the browser.
  variant('verify', '/verify', 'verify.tsx'),
  // Drawn as it is first seen coming back from the checkout: with a checkout's id, confirming.
  variant('subscription-success', '/subscription/success', 'billing-pages.tsx', {
    search: 'session_id=prerendered',
  }),
  variant('subscription-cancel', '/subscription/cancel', 'billing-pages.tsx'),
  variant('not-found', '/404', 'not-found.tsx'),
  ...LANGUAGE_CODES.flatMap((language) =>
    (['code', 'verified'] as const).map((firstScreen) =>
      variant(`shared-${firstScreen}-${language}`, `/shared/${TOKEN_PLACEHOLDER}`, 'shared.tsx', {
        search: language === 'en' ? '' : `lang=${language}`,
        language,
        firstScreen,
      }),
    ),
  ),
];

async function render(variant: PrerenderVariant): Promise<PrerenderedPage> {
  startUiLanguage({ pathname: variant.path, search: variant.search ? `?${variant.search}` : '' });
  // Loaded before the render, so nothing waits on it (the browser loads it beside the page's chunk).
  await loadUiLanguage(variant.language);
  setFirstScreen(variant.firstScreen);
  setDevelopmentBannerDismissed(variant.bannerDismissed);
  // The landing page is served with its own script, not the app (decision 0067): its templates drawn.
  setLandingDrawnForScript(variant.path === '/');
  takePrerenderedTitle();
  // Waits for every lazy part (a page's chunk, a dialog's), so the page comes whole in one piece: a
  // page that cannot be prerendered is refused, and the server serves the plain shell instead (and
  // says why).
  let html: string;
  try {
    html = await renderToStringAsync(appAt(variant));
  } catch (error) {
    throw new Error(`Prerendering ${variant.name} failed`, { cause: error });
  }
  refuseInline(html, variant.name);
  return { variant, html, title: takePrerenderedTitle() };
}

/** The CSP allows no inline script or style: in HTML the browser would refuse them (and say so). */
function refuseInline(html: string, name: string): void {
  const inline = html.match(/<script|<style| style="/);
  if (inline) throw new Error(`Prerendering ${name}: the page has an inline ${inline[0].trim()}`);
}

/** Every variant, one after another (they share the module state each sets). */
export async function prerenderPages(config: PublicConfig): Promise<PrerenderedPage[]> {
  setPublicConfig(config);
  // A verified recipient's checklist is drawn per request, at once: its code is loaded here, ahead.
  await (await import('./pages/shared.tsx')).preloadChecklistContent();
  const pages: PrerenderedPage[] = [];
  for (const page of VARIANTS) pages.push(await render(page));
  return pages;
}

/**
 * A verified recipient's shared page with its checklist, drawn for one request by the server
 * (src/server/http/pages/verified-shared-page.ts) from the answers it also puts in the page, which the
 * browser's first render reads (pages/shared/page-answers.ts): the same tree, so it hydrates as it
 * is. Synchronous (renderToString), so no other request's drawing can come between the module state
 * set here and its use; everything it draws was loaded by prerenderPages. Throws when a part of the
 * page could not be drawn (it would suspend) or has an inline script or style.
 */
export function renderSharedChecklist(input: { path: string; search: string; answers: SharedPageAnswers }): {
  html: string;
  title: string | null;
} {
  const { answers } = input;
  setPageAnswers(answers);
  try {
    const html = drawForRequest(input, answers.language, 'checklist');
    // A boundary that suspended is sent as its fallback, for the browser to draw: not this page.
    if (/<!--\$[!?]-->/.test(html))
      throw new Error('Drawing the shared checklist: a part of it was not ready');
    if (!html.includes('data-testid="verified-access"')) {
      throw new Error('Drawing the shared checklist: the page did not show the checklist');
    }
    refuseInline(html, 'the shared checklist');
    return { html, title: takePrerenderedTitle() };
  } finally {
    setPageAnswers(null);
    setFirstScreen(null);
  }
}

/**
 * The recipient's code screen as the server answers a post of its form (decision 0061): the same tree
 * as its prerendered page, with what was typed and the answer (a refused code, a new code sent, the
 * owner told) drawn in. Synchronous, like renderSharedChecklist; the catalogs were loaded by
 * prerenderPages.
 */
export function renderCodeScreen(input: {
  path: string;
  search: string;
  language: LanguageCode;
  state: DrawnCodeScreen;
}): { html: string; title: string | null } {
  setDrawnCodeScreen(input.state);
  try {
    const html = drawForRequest(input, input.language, 'code');
    if (!html.includes('data-code-part="verify"')) {
      throw new Error('Drawing the code screen: the page did not show the code form');
    }
    refuseInline(html, 'the code screen');
    return { html, title: takePrerenderedTitle() };
  } finally {
    setDrawnCodeScreen(null);
    setFirstScreen(null);
  }
}

/** The app's tree at a path, drawn at once for one request in a language whose catalog is loaded. */
function drawForRequest(
  input: { path: string; search: string },
  language: LanguageCode,
  screen: FirstScreen,
): string {
  startUiLanguage({ pathname: input.path, search: input.search ? `?${input.search}` : '' }, language);
  if (!loadUiLanguage(language).value) throw new Error(`The ${language} catalog is not loaded`);
  setFirstScreen(screen);
  takePrerenderedTitle();
  return renderToString(appAt(input));
}

/**
 * The same tree as the browser's (src/web/main.tsx), at `path`. The app is written against React's
 * types; its elements are Preact's (decision 0070).
 */
function appAt({ path, search }: { path: string; search: string }): VNode {
  const app = (
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>
    </StrictMode>
  );
  return app as unknown as VNode;
}
