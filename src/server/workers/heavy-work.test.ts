import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { SPAWNED_PROCESS_MS } from '#tests/support/budgets';
import { createHeavyWork, type HeavyWorkPool } from './heavy-work.ts';
import { WorkerJobFailedError } from './worker-pool.ts';

/**
 * What a request gets when its job's thread dies (docs/decisions/0041), with an entry whose thread
 * dies on every job (tests/support/crashing-heavy-worker.ts). The pool's own tests cover the rest.
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
