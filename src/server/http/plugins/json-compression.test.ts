import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressText, QUICK_BELOW } from './json-compression.ts';

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
