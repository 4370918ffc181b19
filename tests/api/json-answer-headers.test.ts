import { describe, expect, it } from 'vitest';
import { answersOnlyJson, JSON_ANSWER_CSP } from '#server/http/plugins/security';
import { createChecklist, signInOwner, tick } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Decision 0065: an API answer in JSON carries the headers that mean something on it (a policy that
 * loads and frames nothing, nosniff, the resource policy) and not a document's (about 720 bytes, half
 * of a tick's answer on the wire). Pages, including those under /api/, keep every header.
 */
const t = setupTestApp();

const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-frame-options',
  'origin-agent-cluster',
];

describe('security headers of JSON answers', () => {
  it('a read, a tick and a refusal carry the JSON policy, and no document headers', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 3);
    const read = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const ticked = await tick(owner, checklist, 0);
    const refused = await t.app.inject({ method: 'GET', url: `/api/checklists/${checklist.id}` });
    expect([read.statusCode, ticked.statusCode, refused.statusCode]).toEqual([200, 200, 401]);
    for (const response of [read, ticked, refused]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBe(JSON_ANSWER_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(response.headers[name]).toBeUndefined();
    }
  });

  it('a page under /api/ keeps every header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unsubscribe?token=not-a-token' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('only /api/ routes whose every declared answer is JSON or empty count as JSON routes', () => {
    const json = { 200: {} as never, 204: {} as never };
    const page = { 200: { description: 'a page', content: { 'text/html': { schema: {} as never } } } };
    expect(answersOnlyJson({ url: '/api/things', schema: { response: json } })).toBe(true);
    expect(answersOnlyJson({ url: '/api/unsubscribe', schema: { response: page } })).toBe(false);
    expect(answersOnlyJson({ url: '/things', schema: { response: json } })).toBe(false);
    expect(answersOnlyJson({ url: '/api/undeclared', schema: {} })).toBe(false);
  });
});
