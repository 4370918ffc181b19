import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForHtml, jsonTextForHtml, popupPage } from './html.ts';
import { renderIndexHtml } from './http/web-app.ts';

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
