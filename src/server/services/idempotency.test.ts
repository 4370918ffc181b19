import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_SLICE_BYTES, sha256Hex, sha256HexInSlices } from './idempotency.ts';

describe('sha256HexInSlices', () => {
  it("hashes an upload's bytes as sha256Hex does, the event loop turning between slices", async () => {
    const photo = randomBytes(5 * 1024 * 1024 + 17);
    let turns = 0;
    const ticker = () =>
      setImmediate(() => {
        turns += 1;
        if (!done) ticker();
      });
    let done = false;
    ticker();
    const hex = await sha256HexInSlices(photo);
    done = true;
    expect(hex).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(hex).toBe(sha256Hex(photo));
    expect(turns).toBeGreaterThanOrEqual(Math.floor(photo.length / HASH_SLICE_BYTES) - 1);
  });

  it('hashes nothing and a short input in one piece', async () => {
    expect(await sha256HexInSlices(Buffer.alloc(0))).toBe(sha256Hex(Buffer.alloc(0)));
    expect(await sha256HexInSlices(Buffer.from('photo'))).toBe(sha256Hex(Buffer.from('photo')));
  });
});
