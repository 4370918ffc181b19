import { describe, expect, it } from 'vitest';
import { LANDING_NEXT_PAGE_ELEMENT_ID } from '#domain/landing-page';
import { LANDING_ENTRY, landingScripts, type Manifest } from './page-scripts.ts';
import { type PrerenderedPage, pageHtml } from './prerendered-pages.ts';

/** The landing page's scripts (decision 0067): its own entry in, the app's out, the dashboard's listed. */

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>ListSync - Real-time Checklists with Photo Proof</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-z.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js'], isEntry: true },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/web/pages/landing.tsx': { file: 'assets/landing-c.js', imports: ['index.html'] },
  'src/web/pages/dashboard.tsx': { file: 'assets/dashboard-d.js', imports: ['index.html', '_banner-e.js'] },
  '_banner-e.js': { file: 'assets/banner-e.js', imports: ['_react-b.js'] },
  'src/web/i18n/compiled/en.ts': { file: 'assets/en-f.js' },
  [LANDING_ENTRY]: { file: 'assets/landing-page-g.js', isEntry: true },
};

const landing = (name = 'landing'): PrerenderedPage => ({
  variant: { name, page: 'src/web/pages/landing.tsx', language: 'en', firstScreen: null },
  html: '<main>drawn</main>',
  title: null,
});

const nextPage = (html: string): unknown =>
  JSON.parse(new RegExp(`id="${LANDING_NEXT_PAGE_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? 'null');

describe('the landing page', () => {
  it("carries its own script and none of the app's: no entry, no modulepreload, the stylesheet kept", () => {
    for (const name of ['landing', 'landing-no-banner']) {
      const html = pageHtml(SHELL, MANIFEST, landing(name));
      expect(html).toContain('<script type="module" crossorigin src="/assets/landing-page-g.js"></script>');
      expect(html).not.toContain('index-a.js"></script>');
      expect(html).not.toContain('modulepreload');
      expect(html).not.toContain('landing-c.js');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-z.css">');
      expect(html).toContain('<div id="root"><main>drawn</main></div>');
      expect(html.indexOf('landing-page-g.js')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it("lists the dashboard's files for the script to prefetch (the entry, its chunks, the English catalog)", () => {
    const html = pageHtml(SHELL, MANIFEST, landing());
    expect(nextPage(html)).toEqual([
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/dashboard-d.js',
      '/assets/banner-e.js',
      '/assets/en-f.js',
    ]);
  });

  it("preloads the script's own chunks, and lists none of them as the next page's", () => {
    const manifest: Manifest = {
      ...MANIFEST,
      [LANDING_ENTRY]: { file: 'assets/landing-page-g.js', imports: ['_own-h.js'], isEntry: true },
      '_own-h.js': { file: 'assets/own-h.js' },
    };
    const html = landingScripts(SHELL, manifest);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/own-h.js">');
    expect(nextPage(html)).not.toContain('/assets/own-h.js');
  });

  it("keeps the app's scripts with a build that has no landing script (an older manifest), or none", () => {
    const { [LANDING_ENTRY]: _, ...older } = MANIFEST;
    const html = pageHtml(SHELL, older, landing());
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).not.toContain(LANDING_NEXT_PAGE_ELEMENT_ID);
    expect(landingScripts(SHELL, null)).toBe(SHELL);
  });

  it('leaves the other pages with the app', () => {
    const pricing = pageHtml(SHELL, MANIFEST, {
      ...landing('pricing'),
      variant: { ...landing().variant, name: 'pricing', page: 'src/web/pages/pricing.tsx' },
    });
    expect(pricing).toContain('index-a.js"></script>');
    expect(pricing).not.toContain('landing-page-g.js');
  });

  it('escapes what it writes: a file name cannot end the JSON block', () => {
    const manifest: Manifest = {
      ...MANIFEST,
      'src/web/i18n/compiled/en.ts': { file: 'assets/</script><b>.js' },
    };
    const html = landingScripts(SHELL, manifest);
    expect(html).not.toContain('</script><b>');
    expect(nextPage(html)).toContain('/assets/</script><b>.js');
  });
});
