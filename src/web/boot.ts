import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '#domain/page-scripts';
import { afterFirstPaint } from './lib/after-first-paint.ts';

/**
 * A prerendered page's only script before its first paint (decision 0014, 2026-11-26). The page is
 * drawn by its HTML and stylesheet; its JavaScript only hydrates it. Started from <head>, the entry
 * and the page's chunks (~110 KiB) shared the network with the stylesheet and were evaluated before
 * the first frame. Here they are asked for once the first paint is on screen, all at once, as the
 * modulepreloads did. The server lists them in a JSON block (no inline script: CSP), in
 * server/http/prerendered-pages.ts scriptsAfterThePaint. It imports nothing the app imports, so it
 * stays one file of its own (0.4 KiB).
 */
function start({ entry, preload }: PageScripts) {
  // The entry first: the largest, and the one the others wait on.
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const block = document.getElementById(PAGE_SCRIPTS_ELEMENT_ID);
if (block?.textContent) {
  const scripts = JSON.parse(block.textContent) as PageScripts;
  afterFirstPaint(() => start(scripts));
}
