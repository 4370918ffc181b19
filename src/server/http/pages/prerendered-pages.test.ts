import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDING_NEXT_PAGE_ELEMENT_ID } from '#domain/landing-page';
import { LANDING_ENTRY, landingScripts, type Manifest } from './page-scripts.ts';
import {
  choosePage,
  type PrerenderedPage,
  pageHtml,
  SHELL_MODULES,
  sharedPageOf,
  sharedPreloads,
  shellHtml,
  verifiedPageHtml,
  verifiedPageTemplate,
} from './prerendered-pages.ts';

const RECIPIENT = 'listsync_recipient';
const choose = (url: string, cookies: Record<string, string> = {}) => {
  const parsed = new URL(url, 'http://app');
  return choosePage(parsed.pathname, parsed.searchParams, cookies, RECIPIENT);
};

describe('choosePage', () => {
  it('gives the public pages their prerendered page', () => {
    expect(choose('/')).toEqual({ page: 'landing', status: 200 });
    expect(choose('/pricing')).toEqual({ page: 'pricing', status: 200 });
    // (and its chunks, should the prerender be missing)
    expect(choose('/dashboard')).toEqual({
      page: 'dashboard',
      module: 'src/web/pages/dashboard.tsx',
      status: 200,
    });
    expect(choose('/sms-consent')).toEqual({ page: 'sms-consent', status: 200 });
    expect(choose('/verify')).toEqual({ page: 'verify', status: 200 });
    expect(choose('/subscription/success?session_id=cs_1')).toEqual({
      page: 'subscription-success',
      status: 200,
    });
    expect(choose('/subscription/cancel')).toEqual({ page: 'subscription-cancel', status: 200 });
    // Without a checkout's id the page says there is nothing to confirm: drawn in the browser.
    expect(choose('/subscription/success')).toEqual({
      page: null,
      module: 'src/web/pages/billing-pages.tsx',
      status: 200,
    });
  });

  it('leaves out the development banner for a visitor who closed it, and only for that value', () => {
    expect(choose('/', { listsync_banner: 'dismissed' }).page).toBe('landing-no-banner');
    expect(choose('/', { listsync_banner: 'yes' }).page).toBe('landing');
    expect(choose('/dashboard', { listsync_banner: 'dismissed' }).page).toBe('dashboard-no-banner');
  });

  it('draws a shared link in its language, with the code dialog unless the browser holds a recipient cookie', () => {
    expect(choose('/shared/abc')).toEqual({ page: 'shared-code-en', status: 200 });
    expect(choose('/shared/checklist/abc?lang=es')).toEqual({ page: 'shared-code-es', status: 200 });
    const returning = choose('/shared/abc?lang=AR', { [RECIPIENT]: 'secret' });
    expect(returning).toEqual({
      page: 'shared-verified-ar',
      status: 200,
      shareToken: 'abc',
      language: 'ar',
      linkLanguage: 'ar',
    });
    // Without `lang` the link has no language of its own: a verified browser's page is in the share's.
    expect(choose('/shared/abc', { [RECIPIENT]: 'secret' })).toEqual({
      page: 'shared-verified-en',
      status: 200,
      shareToken: 'abc',
      language: 'en',
    });
    // The server checks the grant on that token, and draws the dialog when it is not this link's.
    expect(sharedPageOf(returning, false)).toBe('shared-code-ar');
    expect(sharedPageOf(returning, true)).toBe('shared-verified-ar');
    expect(choose('/shared/checklist/a%20b', { [RECIPIENT]: 's' }).shareToken).toBe('a b');
    expect(choose('/shared/%E0%A4%A', { [RECIPIENT]: 's' })).toEqual({ page: 'shared-code-en', status: 200 });
    // Not one of the fifteen, or not a language at all: English, as the page itself decides.
    expect(choose('/shared/abc?lang=xx').page).toBe('shared-code-en');
    expect(choose('/shared/abc?lang=<script>').page).toBe('shared-code-en');
  });

  it("preloads a verified recipient's first asks at the URLs the page's script asks them by", () => {
    // use-share-access.ts: the status by path, the checklist by query, the token escaped the same way.
    expect(sharedPreloads('a b/c', 'ar').split(', ')).toEqual([
      '</api/verification/status/a%20b%2Fc>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/shared/checklist?token=a%20b%2Fc&lang=ar>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
  });

  it("gives the signed-in routes the shell with their page's chunks, and anything else the 404 page with 404", () => {
    expect(choose('/checklist/42')).toEqual({
      page: null,
      module: 'src/web/pages/checklist.tsx',
      status: 200,
    });
    // The legacy form of a shared link: who is signed in decides what it shows.
    expect(choose('/verify?checklist=checklist_1').module).toBe('src/web/pages/verify.tsx');
    expect(choose('/billing/test-portal').module).toBe('src/web/pages/billing-pages.tsx');
    // The service worker's copy of the shell: no page of its own.
    expect(choose('/index.html')).toEqual({ page: null, status: 200 });
    for (const path of ['/nope', '/dashboard/extra', '/shared', '/shared/a/b/c', '/checklist/']) {
      expect(choose(path), path).toEqual({ page: 'not-found', status: 404 });
    }
  });

  it('knows every route of the client router (src/web/routes.tsx): none of them answers 404', () => {
    const routes = readFileSync(new URL('../../../web/routes.tsx', import.meta.url), 'utf8');
    const paths = [...routes.matchAll(/\{ path: '([^']+)'/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      expect(choose(path.replaceAll(/:[a-z]+/gi, 'x1')).status, path).toBe(200);
    }
  });
});

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>ListSync - Real-time Checklists with Photo Proof</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_dialog-c.js': { file: 'assets/dialog-c.js', imports: ['_react-b.js'] },
  'src/web/pages/shared.tsx': { file: 'assets/shared-d.js', imports: ['_dialog-c.js', 'index.html'] },
  'src/web/i18n/compiled/ar.ts': { file: 'assets/ar-e.js' },
  'src/web/pages/shared/shared-checklist-content.tsx': {
    file: 'assets/content-f.js',
    imports: ['src/web/pages/shared.tsx', '_view-g.js'],
  },
  '_view-g.js': { file: 'assets/view-g.js', imports: ['_react-b.js'] },
};

const page = (
  overrides: Partial<PrerenderedPage['variant']>,
  html = '<main>drawn</main>',
  title: string | null = 'قائمة مشتركة · ListSync',
) =>
  ({
    variant: {
      name: 'shared-code-ar',
      page: 'src/web/pages/shared.tsx',
      language: 'ar',
      firstScreen: 'code',
      ...overrides,
    },
    html,
    title,
  }) satisfies PrerenderedPage;

describe('pageHtml', () => {
  it('writes the page into #root with its screen mark, language, direction, title and own chunks', () => {
    const html = pageHtml(SHELL, MANIFEST, page({}));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div id="root" data-first-screen="code"><main>drawn</main></div>');
    expect(html).toContain('<title>قائمة مشتركة · ListSync</title>');
    // The page's chunks and its catalog, not those the entry already loads (nor twice).
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-d.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-c.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ar-e.js">');
    expect(html.match(/react-b\.js/g)).toHaveLength(1);
    expect(html.indexOf('shared-d.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes the title, and takes the markup as it is (no $-patterns of String.replace)', () => {
    const html = pageHtml(
      SHELL,
      null,
      page({ language: 'en', firstScreen: null }, '<p>costs $& and $1</p>', 'A <b> & "quote"'),
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root"><p>costs $& and $1</p></div>');
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;quote&quot;</title>');
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/shared');
  });
});

describe("a verified recipient's page", () => {
  const SKELETON = '<div role="status">skeleton</div>';
  const template = verifiedPageTemplate(
    SHELL,
    MANIFEST,
    page({ name: 'shared-verified-ar', firstScreen: 'verified' }, SKELETON, 'قائمة مشتركة · ListSync'),
  );
  const ANSWERS = '{"token":"t","checklist":{"name":"\\u003c/script\\u003e"}}';
  const blockOf = (html: string) =>
    /<script type="application\/json" id="listsync-shared-answers">(.*?)<\/script>/.exec(html)?.[1];

  it('with the checklist drawn: in #root, marked, titled, its answers before </body>', () => {
    const html = verifiedPageHtml(template, ANSWERS, {
      html: '<main>drawn $& $1</main>',
      title: 'Cabin <b>',
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div id="root" data-first-screen="checklist"><main>drawn $& $1</main></div>');
    expect(html).toContain('<title>Cabin &lt;b&gt;</title>');
    expect(blockOf(html)).toBe(ANSWERS);
    expect(html.indexOf('listsync-shared-answers')).toBeGreaterThan(html.indexOf('</main></div>'));
    expect(html.indexOf('listsync-shared-answers')).toBeLessThan(html.indexOf('</body>'));
    // Its chunk is asked for by the page's own (hydration needs it, the first paint does not).
    expect(html).toContain('href="/assets/shared-d.js"');
    expect(html).not.toContain('content-f.js');
    expect(html).not.toContain(SKELETON);
  });

  it('with the skeleton, when the server could not draw it: the checklist chunk preloaded', () => {
    const html = verifiedPageHtml(template, ANSWERS, null);
    expect(html).toContain(`<div id="root" data-first-screen="verified">${SKELETON}</div>`);
    expect(html).toContain('<title>قائمة مشتركة · ListSync</title>');
    expect(html).toContain('href="/assets/content-f.js"');
    expect(html).toContain('href="/assets/view-g.js"');
    expect(html.match(/react-b\.js/g)).toHaveLength(1);
    expect(blockOf(html)).toBe(ANSWERS);
  });
});

describe('shellHtml', () => {
  it("preloads a signed-in page's chunks beside the entry, with the English catalog", () => {
    const manifest = {
      ...MANIFEST,
      'src/web/pages/dashboard.tsx': {
        file: 'assets/dashboard-f.js',
        imports: ['_dialog-c.js', 'index.html'],
      },
      'src/web/i18n/compiled/en.ts': { file: 'assets/en-g.js' },
    };
    const html = shellHtml(SHELL, manifest, 'src/web/pages/dashboard.tsx');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('href="/assets/dashboard-f.js"');
    expect(html).toContain('href="/assets/dialog-c.js"');
    expect(html).toContain('href="/assets/en-g.js"');
    expect(html.match(/react-b\.js/g)).toHaveLength(1);
    expect(SHELL_MODULES).toContain('src/web/pages/dashboard.tsx');
  });
});

/** The landing page's scripts (decision 0067): its own entry in, the app's out, the dashboard's listed. */

const STYLED_SHELL = SHELL.replace(
  '</head>',
  '  <link rel="stylesheet" crossorigin href="/assets/index-z.css">\n  </head>',
);

const LANDING_MANIFEST: Manifest = {
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
      const html = pageHtml(STYLED_SHELL, LANDING_MANIFEST, landing(name));
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
    const html = pageHtml(STYLED_SHELL, LANDING_MANIFEST, landing());
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
      ...LANDING_MANIFEST,
      [LANDING_ENTRY]: { file: 'assets/landing-page-g.js', imports: ['_own-h.js'], isEntry: true },
      '_own-h.js': { file: 'assets/own-h.js' },
    };
    const html = landingScripts(SHELL, manifest);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/own-h.js">');
    expect(nextPage(html)).not.toContain('/assets/own-h.js');
  });

  it("keeps the app's scripts with a build that has no landing script (an older manifest), or none", () => {
    const { [LANDING_ENTRY]: _, ...older } = LANDING_MANIFEST;
    const html = pageHtml(SHELL, older, landing());
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).not.toContain(LANDING_NEXT_PAGE_ELEMENT_ID);
    expect(landingScripts(SHELL, null)).toBe(SHELL);
  });

  it('leaves the other pages with the app', () => {
    const pricing = pageHtml(STYLED_SHELL, LANDING_MANIFEST, {
      ...landing('pricing'),
      variant: { ...landing().variant, name: 'pricing', page: 'src/web/pages/pricing.tsx' },
    });
    expect(pricing).toContain('index-a.js"></script>');
    expect(pricing).not.toContain('landing-page-g.js');
  });

  it('escapes what it writes: a file name cannot end the JSON block', () => {
    const manifest: Manifest = {
      ...LANDING_MANIFEST,
      'src/web/i18n/compiled/en.ts': { file: 'assets/</script><b>.js' },
    };
    const html = landingScripts(SHELL, manifest);
    expect(html).not.toContain('</script><b>');
    expect(nextPage(html)).toContain('/assets/</script><b>.js');
  });
});
