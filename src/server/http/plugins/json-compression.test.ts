import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedBody, compressText, OFF_LOOP_FROM, QUICK_BELOW } from './json-compression.ts';

/** A checklist's JSON with `tasks` tasks, as the API sends it. */
function checklistJson(tasks: number): string {
  return JSON.stringify({
    id: 'checklist_V1StGXR8_Z5jdHi6B-myT',
    name: 'Turnover, flat 3',
    status: 'in_progress',
    tasks: Array.from({ length: tasks }, (_, index) => ({
      id: `task_${String(index).padStart(21, '0')}`,
      title: `Task ${index}: wipe the kitchen counters and the hob`,
      position: index,
      requiresPhoto: index % 3 === 0,
      completed: index % 2 === 0,
      completedAt: index % 2 === 0 ? '2026-11-26T16:00:00.000Z' : null,
      photoUrl: null,
    })),
  });
}

const brotliAt = (body: string, quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

describe('compressText', () => {
  it("compresses a small body (a tick's answer) at the quickest setting", () => {
    const small = checklistJson(5);
    expect(small.length).toBeLessThan(QUICK_BELOW);
    const br = compressText(small, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(small);
    expect(br.length).toBe(brotliAt(small, 1).length);
    expect(br.length).toBeLessThan(small.length / 2);
    const gzip = compressText(small, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(small);
    expect(gzip.length).toBe(gzipSync(small, { level: 1 }).length);
  });

  it('compresses a large body (a 50-task checklist) harder', () => {
    const large = checklistJson(50);
    expect(large.length).toBeGreaterThanOrEqual(QUICK_BELOW);
    const br = compressText(large, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(large);
    expect(br.length).toBeLessThan(brotliAt(large, 1).length);
    const gzip = compressText(large, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(large);
    expect(gzip.length).toBeLessThan(gzipSync(large, { level: 1 }).length);
  });
});

/** The JSON of a checklist of 500 long tasks whose words compress badly (made-up words). */
function longChecklistJson(): string {
  let seed = 7;
  const word = () =>
    Array.from({ length: 3 + (seed % 7) }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return String.fromCharCode(97 + ((seed >> 16) % 26));
    }).join('');
  return JSON.stringify({
    id: 'checklist_V1StGXR8_Z5jdHi6B-myT',
    tasks: Array.from({ length: 500 }, (_, index) => ({
      id: `task_${index}`,
      description: Array.from({ length: 150 }, word).join(' '),
    })),
  });
}

describe('compressedBody', () => {
  it('compresses a large answer off the event loop (the loop turns meanwhile), and keeps the copy', async () => {
    const large = longChecklistJson();
    expect(large.length).toBeGreaterThan(OFF_LOOP_FROM);
    for (const encoding of ['gzip', 'br'] as const) {
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      const compressed = await compressedBody(large, encoding);
      expect(turned, encoding).toBe(true);
      expect(compressed).toEqual(compressText(large, encoding));
      // The same body again (the read cache's): the copy kept, at once.
      expect(compressedBody(large, encoding)).toBe(compressed);
    }
  });

  it('compresses a small answer at once, on the loop (cheaper than a trip to a thread)', () => {
    const small = checklistJson(50);
    expect(small.length).toBeLessThan(OFF_LOOP_FROM);
    const compressed = compressedBody(small, 'br');
    expect(compressed).toBeInstanceOf(Buffer);
    expect(brotliDecompressSync(compressed as Buffer).toString()).toBe(small);
  });
});
