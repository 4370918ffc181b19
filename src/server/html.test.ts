import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForHtml, jsonTextForHtml, popupPage } from './html.ts';
import { renderIndexHtml, stylesheetsFirst } from './http/pages/web-app.ts';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('jsonForHtml', () => {
  it('cannot close the script block it sits in, and still parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', amp: 'a&b' };
    const json = jsonForHtml(value);
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('escapes line and paragraph separators too (a reader that takes the block for JavaScript)', () => {
    const value = { name: 'a\u2028b\u2029c', comment: '<!-- x -->' };
    const json = jsonTextForHtml(JSON.stringify(value));
    expect(json).toBe('{"name":"a\\u2028b\\u2029c","comment":"\\u003c!-- x --\\u003e"}');
    expect(json).not.toMatch(/[\u2028\u2029<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('popupPage', () => {
  it('has no inline script: data is a JSON block and code comes from our origin', () => {
    const html = popupPage({ title: 'T<', body: '<p>x</p>', data: { ok: true }, script: true });
    expect(html).toContain('<title>T&lt;</title>');
    expect(html).toContain('<script type="application/json" id="popup-data">{"ok":true}</script>');
    expect(html).toContain('<script src="/api/auth/popup.js"></script>');
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((tag) => tag.includes('type="application/json"') || tag.includes('src='))).toBe(
      true,
    );
  });
});

describe('renderIndexHtml', () => {
  const template = '<html><head><title>old</title></head><body></body></html>';
  const config = {
    siteName: 'A&B <Lists>',
    localMode: true,
    localServices: ['database (embedded PGlite)'],
    billing: 'local' as const,
    simulatedPayments: false,
    translation: true,
    supportEmail: 's@example.com',
    smsSenderNumber: '+1',
    companyTradeName: 'T',
    companyLegalName: 'L',
  };

  it('writes the page title and the public config as a non-executable JSON block', () => {
    const html = renderIndexHtml(template, config);
    expect(html).toContain('<title>A&amp;B &lt;Lists> - Real-time Checklists with Photo Proof</title>');
    const block = /<script type="application\/json" id="listsync-config">(.*?)<\/script>/.exec(html)?.[1];
    expect(block && JSON.parse(block)).toEqual(config);
    expect(html.indexOf('id="listsync-config"')).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('stylesheetsFirst', () => {
  // As Vite writes it: the entry script and its modulepreloads, then the stylesheet.
  const built = [
    '<html><head>',
    '    <title>t</title>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/a-1.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '  </head><body></body></html>',
  ].join('\n');

  it('moves the stylesheet ahead of the scripts the browser would ask for first', () => {
    const html = stylesheetsFirst(built);
    const css = html.indexOf('rel="stylesheet"');
    expect(css).toBeGreaterThan(html.indexOf('<title>'));
    expect(css).toBeLessThan(html.indexOf('<script type="module"'));
    expect(css).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    const moved = html.replace(' fetchpriority="low"', '');
    expect(moved.replace(/\s+/g, '')).toHaveLength(built.replace(/\s+/g, '').length);
  });

  it('asks for the modulepreloads at low priority, once', () => {
    const html = stylesheetsFirst(built);
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a-1.js">',
    );
    expect(stylesheetsFirst(html).match(/fetchpriority/g)).toHaveLength(1);
  });

  it('leaves a page whose stylesheet already comes first, or that has none, as it is', () => {
    const first = stylesheetsFirst(built);
    expect(stylesheetsFirst(first)).toBe(first);
    const none = '<html><head><script type="module" src="/a.js"></script></head></html>';
    expect(stylesheetsFirst(none)).toBe(none);
  });

  it('is applied to the shell the server sends', () => {
    const html = renderIndexHtml(built, {
      siteName: 'S',
      localMode: false,
      localServices: [],
      billing: 'off',
      simulatedPayments: false,
      translation: true,
      supportEmail: 's@example.com',
      smsSenderNumber: '+1',
      companyTradeName: 'T',
      companyLegalName: 'L',
    });
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script type="module"'));
  });
});
