import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * JSON answers of 1 KiB and more go out compressed by Accept-Encoding (http/plugins/json-compression.ts):
 * Brotli first, gzip, else as they are; always with `Vary: Accept-Encoding`. What an answer says is
 * the same whichever way it travels, and the answer kept for an Idempotency-Key is the JSON itself.
 */
const t = setupTestApp();
const BROWSER = 'gzip, deflate, br, zstd';

function decoded(response: LightMyRequestResponse): unknown {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  const text =
    encoding === 'br'
      ? brotliDecompressSync(raw).toString('utf8')
      : encoding === 'gzip'
        ? gunzipSync(raw).toString('utf8')
        : raw.toString('utf8');
  return JSON.parse(text);
}

async function ownerWithChecklist(tasks = 30) {
  const owner = await signInOwner(t.app);
  const checklist = await createChecklist(owner, {}, tasks);
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: owner.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  return { owner, checklist, get };
}

describe('JSON answers', () => {
  it('go out as Brotli to a browser, gzip to a client that takes only gzip, else as they are', async () => {
    const { checklist, get } = await ownerWithChecklist();
    const url = `/api/checklists/${checklist.id}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(url, BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decoded(br)).toEqual(plain.json());

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(plain.json());

    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd']) {
      const asIs = await get(url, refused);
      expect(asIs.headers['content-encoding']).toBeUndefined();
      expect(asIs.json()).toEqual(plain.json());
    }

    // The same body again (the read cache's copy): the same bytes.
    expect((await get(url, BROWSER)).rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('below 1 KiB go out as they are', async () => {
    const { get } = await ownerWithChecklist(1);
    const me = await get('/api/auth/me', BROWSER);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it("the dashboard list and the recipient's shared checklist too", async () => {
    const { owner, checklist, get } = await ownerWithChecklist();
    for (let n = 0; n < 4; n += 1) await createChecklist(owner, {}, 2);
    const list = await get(`/api/checklists?userId=${owner.uid}`, BROWSER);
    expect(list.headers['content-encoding']).toBe('br');
    expect(decoded(list)).toEqual((await get(`/api/checklists?userId=${owner.uid}`)).json());

    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const shared = await t.app.inject({
      method: 'GET',
      url: `/api/shared/checklist?token=${sent.token}&lang=en`,
      headers: { cookie: browser.cookie as string, 'accept-encoding': BROWSER },
    });
    expect(shared.headers['content-encoding']).toBe('br');
    expect(decoded(shared)).toMatchObject({ success: true, checklist: { id: checklist.id } });
  });

  it('keep the JSON itself for an Idempotency-Key: a replay decodes to the same answer, compressed or not', async () => {
    const { owner, checklist } = await ownerWithChecklist();
    const tick = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/checklists/${checklist.id}/tasks/${checklist.tasks[2]?.id}`,
        headers: {
          cookie: owner.cookie,
          'idempotency-key': 'compressed-tick-000001',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: { completed: true },
      });
    const first = await tick(BROWSER);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const replayPlain = await tick();
    expect(replayPlain.headers['idempotent-replayed']).toBe('true');
    expect(replayPlain.json()).toEqual(decoded(first));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the kept answer is written
    const replayBr = await tick(BROWSER);
    expect(replayBr.headers['content-encoding']).toBe('br');
    expect(decoded(replayBr)).toEqual(decoded(first));
  });
});
