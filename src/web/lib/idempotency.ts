import { IDEMPOTENCY_HEADER } from '#domain/offline';

const keys = new WeakMap<object, string>();

/**
 * The Idempotency-Key header for one call of a mutation: React Query passes the same variables object
 * to every retry, so a retry after a lost answer sends the same key and the server applies it once
 * (a checklist is not created twice).
 */
export function idempotencyHeaders(variables: object): Record<string, string> {
  let key = keys.get(variables);
  if (!key) {
    key = crypto.randomUUID();
    keys.set(variables, key);
  }
  return { [IDEMPOTENCY_HEADER]: key };
}
