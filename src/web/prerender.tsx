import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { LANGUAGE_CODES, type LanguageCode } from '#domain/languages';
import type { PublicConfig } from '#domain/site';
import { App } from './app.tsx';
import { setDevelopmentBannerDismissed } from './components/development-banner.tsx';
import { takePrerenderedTitle } from './components/page.tsx';
import { loadUiLanguage, startUiLanguage } from './i18n/i18n.tsx';
import { type FirstScreen, setFirstScreen } from './lib/first-screen.ts';
import { setPublicConfig } from './lib/public-config.ts';

/**
 * The public pages as HTML, drawn by the same components the browser then hydrates (src/web/main.tsx).
 * Built by Vite as a server bundle (scripts/build.mjs -> dist/prerender/prerender.js) and run by the
 * server once at start-up (src/server/http/prerendered-pages.ts), because the pages carry the
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
  variant('pricing', '/pricing', 'billing-pages.tsx'),
  variant('sms-consent', '/sms-consent', 'sms-consent.tsx'),
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
  takePrerenderedTitle();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={variant.path} ssrSearch={variant.search}>
        <App />
      </Router>
    </StrictMode>,
    // One piece, never "fallback now, content later": that needs React's inline scripts, and the CSP
    // allows none (a large page would otherwise be cut at React's 12.8 kB default).
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // React would send the fallback and draw the page in the browser: a page that cannot be
      // prerendered is refused, and the server serves the plain shell instead (and says why).
      onError: (error) => void errors.push(error),
    },
  );
  if (errors.length > 0) {
    throw new Error(`Prerendering ${variant.name} failed`, { cause: errors[0] });
  }
  const html = await new Response(prelude).text();
  // The CSP allows no inline script or style: in HTML the browser would refuse them (and say so).
  const inline = html.match(/<script|<style| style="/);
  if (inline) throw new Error(`Prerendering ${variant.name}: the page has an inline ${inline[0].trim()}`);
  return { variant, html, title: takePrerenderedTitle() };
}

/** Every variant, one after another (they share the module state each sets). */
export async function prerenderPages(config: PublicConfig): Promise<PrerenderedPage[]> {
  setPublicConfig(config);
  const pages: PrerenderedPage[] = [];
  for (const page of VARIANTS) pages.push(await render(page));
  return pages;
}
