import { NEXT_PAGE_ELEMENT_ID } from '#domain/code-screen';
import { LANDING_NEXT_PAGE_ELEMENT_ID } from '#domain/landing-page';
import type { LanguageCode } from '#domain/languages';
import { escapeHtml, jsonForHtml } from '../../html.ts';

/**
 * Which scripts a prerendered page carries, from the build's Vite manifest. Most pages carry the
 * app's entry (React) and their chunks; the recipient's code screen (decision 0061: a server-rendered
 * form) and the landing page (decision 0067) carry only a small script of their own, and the app's
 * files for the page after them are listed for that script to fetch once the visitor is on the way
 * there.
 */

export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The chunk files a module needs before it runs: itself and what it imports statically. */
export function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file]);
  for (const imported of chunk.imports ?? []) {
    for (const file of chunkClosure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

/** The code screen's own script (a Vite input of its own: no React, no zod). */
export const CODE_SCREEN_ENTRY = 'src/web/code-screen.ts';

/** The app's entry script and the modulepreloads of the page (the shell's and the page's own). */
const APP_SCRIPTS =
  /[ \t]*<script type="module"[^>]*><\/script>\n?|[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/** A page's own script in place of the app's, and the next page's JavaScript listed in a JSON block. */
function ownScripts(
  html: string,
  manifest: Manifest,
  entry: string,
  blockId: string,
  nextKeys: string[],
): string {
  const own = manifest[entry];
  if (!own) return html;
  const ownFiles = chunkClosure(manifest, entry);
  const script = `<script type="module" crossorigin src="/${escapeHtml(own.file)}"></script>`;
  const preloads = [...ownFiles]
    .filter((file) => file !== own.file)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
  const next = new Set<string>();
  for (const key of nextKeys) {
    for (const file of chunkClosure(manifest, key)) {
      if (file.endsWith('.js') && !ownFiles.has(file)) next.add(file);
    }
  }
  const block = `<script type="application/json" id="${blockId}">${jsonForHtml([...next].map((file) => `/${file}`))}</script>`;
  const tags = [script, ...preloads, block].map((tag) => `    ${tag}\n`).join('');
  return html.replace(APP_SCRIPTS, '').replace('</head>', () => `${tags}  </head>`);
}

/**
 * The code screen's page: the app's scripts out, the screen's own in, and the JavaScript of the page
 * that follows a right code (the entry, the shared page's chunks and this language's catalog) listed
 * in a JSON block, not fetched: the script asks for them once the recipient starts on the code. Without the
 * screen's script in the build (an older manifest), the page keeps the app's scripts.
 */
export function codeScreenScripts(
  html: string,
  manifest: Manifest | null,
  modules: string[],
  language: LanguageCode,
): string {
  if (!manifest?.[CODE_SCREEN_ENTRY]) return html;
  return ownScripts(html, manifest, CODE_SCREEN_ENTRY, NEXT_PAGE_ELEMENT_ID, [
    'index.html',
    ...modules,
    `src/web/i18n/compiled/${language}.ts`,
  ]);
}

/** The landing page's own script (decision 0067: a Vite input of its own, no React). */
export const LANDING_ENTRY = 'src/web/landing-page.ts';

/** The dashboard's page module: the landing page's calls to action lead there. */
export const DASHBOARD_MODULE = 'src/web/pages/dashboard.tsx';

/**
 * The landing page (decision 0067): the app's scripts out, the page's own in (its sign-in, the
 * signed-in buttons, the banner), and the dashboard's JavaScript (the app's entry, the dashboard's
 * chunks, the English catalog) listed for that script to fetch for a visitor on the way there
 * (signed in, or signing in), so the dashboard opens from the cache after a sign-in. Without that script in the build (an older
 * manifest), the page keeps the app's scripts.
 */
export function landingScripts(html: string, manifest: Manifest | null): string {
  if (!manifest?.[LANDING_ENTRY]) return html;
  return ownScripts(html, manifest, LANDING_ENTRY, LANDING_NEXT_PAGE_ELEMENT_ID, [
    'index.html',
    DASHBOARD_MODULE,
    'src/web/i18n/compiled/en.ts',
  ]);
}
