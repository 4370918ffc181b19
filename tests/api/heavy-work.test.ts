import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPORT_RENDER_MS } from '#tests/support/budgets';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { until } from '#tests/support/server-process';
import { setupTestApp, uniqueEmail, uniqueIp } from '#tests/support/test-app';

/**
 * No request may stall the server (issue 30 item 1, docs/decisions/0041): a report is laid out on a
 * worker thread while the event loop answers everything else; its queue is bounded, and past that a
 * report is refused at once with 503 and Retry-After. What runs where is read from /metrics' queue
 * sizes (`heavy_work_running`, `heavy_work_waiting`), as an operator would see it.
 */

const TOKEN = 'metrics-token-for-the-heavy-work-tests-0123456789';
const t = setupTestApp({ env: { METRICS_TOKEN: TOKEN } });

/** A budget for a few large reports one after another, beside other work on a two-core machine. */
const LARGE_REPORTS_MS = 60 * REPORT_RENDER_MS;

/** The size of one of /metrics' in-memory queues on this app. */
async function queueSize(app: FastifyInstance, queue: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const line = response.body
    .split('\n')
    .find((text) => text.startsWith(`listsync_queue_size{queue="${queue}"}`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

/** The longest checklist the limits allow, in words: 500 tasks of 1,000 characters, details of 2,000. */
async function largeChecklist(owner: Owner, name: string) {
  const words = 'Wipe every surface and check behind the door for anything the guests left behind. ';
  return createChecklist(owner, {
    name,
    tasks: Array.from({ length: 500 }, (_, index) => ({
      description: `Task ${index + 1}. ${words.repeat(13)}`.slice(0, 1000),
      details: words.repeat(25).slice(0, 2000),
      photoRequired: false,
    })),
  });
}

/** Another app on the same database with one worker thread and WORKER_QUEUE_MAX=1, and an owner. */
async function oneThread(label: string) {
  const { app } = await t.buildApp({
    env: { METRICS_TOKEN: TOKEN, WORKER_THREADS: '1', WORKER_QUEUE_MAX: '1' },
  });
  return { app, owner: await signInOwner(app, label, uniqueEmail(label), uniqueIp()) };
}

/** The report request, with a flag that says whether it has answered yet. */
function reportOf(owner: Owner, checklistId: string) {
  const state = { answered: false };
  const answer = owner.call('GET', `/api/checklists/${checklistId}/report.pdf`).then((response) => {
    state.answered = true;
    return response;
  });
  return { state, answer };
}

describe('a large report', () => {
  it(
    'is laid out off the event loop: /healthz and the API answer while it is made, and the PDF is whole',
    async () => {
      const owner = await signInOwner(t.app, 'reporter', uniqueEmail('reporter'), uniqueIp());
      const checklist = await largeChecklist(owner, 'Harbour View: the long list');
      const report = reportOf(owner, checklist.id);
      // Its layout is under way on a thread of its own…
      await until(async () => (await queueSize(t.app, 'heavy_work_running')) === 1, LARGE_REPORTS_MS);
      // …and the server answers others meanwhile, before the report is done.
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const list = await owner.call('GET', '/api/checklists');
      expect(list.statusCode).toBe(200);
      expect(report.state.answered).toBe(false);

      const response = await report.answer;
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: response.rawPayload,
        maxBuffer: 64 * 1024 * 1024,
      }).toString();
      expect(text).toContain('Harbour View: the long list');
      expect(text).toContain('Task 1. Wipe every surface');
      expect(text).toContain('Task 500. Wipe every surface');
      expect(text).toContain(`Report SHA-256: ${response.headers['x-report-sha256']}`);
      expect(await queueSize(t.app, 'heavy_work_running')).toBe(0);
    },
    LARGE_REPORTS_MS,
  );

  it(
    'waits in a bounded queue: with it full, the next is refused at once with 503 and Retry-After',
    async () => {
      // One thread, one report waiting: the third is refused while the first is laid out.
      const { app, owner } = await oneThread('queued');
      const checklist = await largeChecklist(owner, 'Queued reports');
      const first = reportOf(owner, checklist.id);
      await until(async () => (await queueSize(app, 'heavy_work_running')) === 1, LARGE_REPORTS_MS);
      const second = reportOf(owner, checklist.id);
      await until(async () => (await queueSize(app, 'heavy_work_waiting')) === 1, LARGE_REPORTS_MS);

      const refused = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(errorOf(refused)).toEqual({
        code: 'service_unavailable',
        message: 'The server is busy with other reports and photos. Please try again in a moment.',
      });
      expect(first.state.answered).toBe(false);

      // The two it took are made in turn, whole.
      for (const taken of [first, second]) {
        const response = await taken.answer;
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      // Once there is room again, a report is made as before.
      const later = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
      expect(later.statusCode).toBe(200);
    },
    LARGE_REPORTS_MS,
  );

  it(
    'photos wait for a thread too: behind a report on the only one, and past their queue 503 at once',
    async () => {
      // One thread, which the report holds: photos wait (up to 4 x WORKER_QUEUE_MAX), the next is refused.
      const { app, owner } = await oneThread('photos');
      const large = await largeChecklist(owner, 'Report first');
      const photos = await createChecklist(owner, { name: 'Photos' }, 5);
      const report = reportOf(owner, large.id);
      await until(async () => (await queueSize(app, 'heavy_work_running')) === 1, LARGE_REPORTS_MS);
      const jpeg = await testJpeg(1200, 900);
      const answered: number[] = [];
      const uploads = photos.tasks.map((task) =>
        uploadPhoto(app, owner.cookie, photos.id, task.id, jpeg).then((response) => {
          answered.push(response.statusCode);
          return response;
        }),
      );
      await until(() => answered.length === 1, LARGE_REPORTS_MS);
      expect(answered).toEqual([503]);
      expect(await queueSize(app, 'heavy_work_waiting')).toBe(4);
      const refused = (await Promise.all(uploads)).find((response) => response.statusCode === 503);
      expect(refused?.headers['retry-after']).toBe('5');
      expect(refused && errorOf(refused).code).toBe('service_unavailable');
      expect(answered.sort()).toEqual([200, 200, 200, 200, 503]);
      expect((await report.answer).statusCode).toBe(200);
    },
    LARGE_REPORTS_MS,
  );
});
