import { z } from 'zod';

/**
 * PostgreSQL refuses U+0000 in text (and in ids, which are text): a NUL byte that reached a query
 * failed it, a 500. Every request's body, query, path parameters and headers are checked for one
 * (keys too) before their own schema, in one place: the server's validator compiler wraps each
 * route's schema with `refuseNul`.
 */
export const NUL_MESSAGE = 'Text must not contain the NUL character (U+0000).';

/** Objects nested deeper than this are not searched (the body limit keeps real ones far shallower). */
const MAX_DEPTH = 64;

/** The path to the first string (value or key) holding U+0000, or null. */
export function findNul(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The schema, after a check that no string in the input holds U+0000 (400 validation_failed). */
export function refuseNul<Schema extends z.ZodType>(schema: Schema) {
  return z
    .unknown()
    .superRefine((value, context) => {
      const path = findNul(value);
      if (path) context.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
    })
    .pipe(schema);
}
