import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { SPAWNED_PROCESS_MS } from '#tests/support/budgets';
import { createHeavyWork, type HeavyWorkPool } from './heavy-work.ts';
import { WorkerJobFailedError } from './worker-pool.ts';

/**
 * What a request gets when its job's thread dies (docs/decisions/0041), with an entry whose thread
 * dies on every job (tests/support/crashing-heavy-worker.ts); and the shared page's prerender loaded
 * on every thread at start. The pool's own tests cover the rest.
 */

const CRASHING = {
  name: 'crashing-heavy-worker',
  beside: pathToFileURL(path.resolve(import.meta.dirname, '../../../tests/support/here.ts')).href,
};
let work: HeavyWorkPool | undefined;

afterEach(async () => {
  await work?.close();
});

describe('a heavy-work thread that dies', { timeout: SPAWNED_PROCESS_MS }, () => {
  it('refuses the photo as one we cannot take (415), so the client does not send it again', async () => {
    work = createHeavyWork({ threads: 2, queueMax: 1 }, CRASHING);
    const refusal = await work.processPhoto(Buffer.from('a photo that kills its thread')).catch((e) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'unsupported_file_type', message: 'Please select an image file' });
  });

  it('fails the report alone (a 500 for its request); the next job gets a new thread', async () => {
    work = createHeavyWork({ threads: 1, queueMax: 1 }, CRASHING);
    const input = { data: {} as never, images: new Map() };
    for (const attempt of [1, 2]) {
      const failure = await work.reportPdf(input).catch((e) => e);
      expect(failure, `attempt ${attempt}`).toBeInstanceOf(WorkerJobFailedError);
      expect(failure).not.toBeInstanceOf(AppError);
    }
  });
});

describe('the shared page prerender, loaded at start', { timeout: SPAWNED_PROCESS_MS }, () => {
  /** A stand-in prerender that writes a line each time a thread loads it, naming that thread. */
  function standInPrerender(dir: string, loads: string): string {
    const file = path.join(dir, 'prerender.mjs');
    writeFileSync(
      file,
      `import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
export async function prerenderPages() { appendFileSync(${JSON.stringify(loads)}, threadId + '\\n'); return []; }
export function renderSharedChecklist({ path }) { return { html: '<main>' + path + '</main>', title: null }; }
`,
    );
    return file;
  }

  it('is loaded once on every thread, and the pages drawn after load it no more', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'listsync-prepare-'));
    try {
      const loads = path.join(dir, 'loads.txt');
      const modulePath = standInPrerender(dir, loads);
      const publicConfig = {} as never;
      work = createHeavyWork({ threads: 2, queueMax: 4 });
      await work.prepareSharedPages({ modulePath, publicConfig });
      const threads = readFileSync(loads, 'utf8').trim().split('\n');
      expect(threads).toHaveLength(2);
      expect(new Set(threads).size).toBe(2);

      const answers = {} as never;
      const pages = await Promise.all(
        ['/shared/a', '/shared/b', '/shared/c'].map((page) =>
          work?.drawSharedPage({ modulePath, publicConfig, path: page, search: '', answers }),
        ),
      );
      expect(pages.map((page) => page?.html)).toEqual([
        '<main>/shared/a</main>',
        '<main>/shared/b</main>',
        '<main>/shared/c</main>',
      ]);
      expect(readFileSync(loads, 'utf8').trim().split('\n')).toEqual(threads);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not fail when the prerender cannot be loaded: a page loads it again', async () => {
    work = createHeavyWork({ threads: 1, queueMax: 4 });
    const missing = { modulePath: path.join(tmpdir(), 'no-such-prerender.mjs'), publicConfig: {} as never };
    await expect(work.prepareSharedPages(missing)).resolves.toBeUndefined();
    const page = await work
      .drawSharedPage({ ...missing, path: '/', search: '', answers: {} as never })
      .catch((e) => e);
    expect(page).toBeInstanceOf(Error);
  });
});
