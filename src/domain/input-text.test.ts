import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findNul, NUL_MESSAGE, refuseNul } from './input-text.ts';

describe('findNul / refuseNul', () => {
  it('finds U+0000 in strings and keys at any depth, and nothing else', () => {
    expect(findNul('a\u0000')).toEqual([]);
    expect(findNul({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul({ a: 'fine', b: [1, true, null, '\\u0000'] })).toBeNull();
  });

  it('refuses before the schema, with the message at the path; passes the rest to the schema', () => {
    const schema = refuseNul(z.object({ name: z.string().trim() }));
    const refused = schema.safeParse({ name: 'a\u0000b' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([{ message: NUL_MESSAGE, path: ['name'] }]);
    expect(schema.parse({ name: ' ok ' })).toEqual({ name: 'ok' });
  });
});
