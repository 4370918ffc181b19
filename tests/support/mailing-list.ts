import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { uniqueIp } from './test-app.ts';

/**
 * Signs `email` up for the mailing list from an address of its own, checks the answer (always the
 * same `{ok: true}`: it must not say whether the address was known), and waits until the
 * confirmation e-mail, if any, has been handed over.
 */
export async function signUpForMailingList(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/mailing-list/subscribe',
    payload: { email },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ ok: true });
  await app.mailingList.settle();
  return response;
}
