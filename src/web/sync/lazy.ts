import type { OpTransport } from './queue-contract.ts';

/**
 * The parts of sync fetched after the first paint, and how to fetch them. They bring the checklist
 * rules (zod, the domain) and the HTTP calls, so they stay out of the app's entry chunk; the service
 * worker precaches them. Import them only through these functions: a static import of one of their
 * modules from the entry's side would pull it into the first load.
 */

/** What the queue's results do to the page (queue-effects.ts): answers into the cache, refusals in words. */
export const loadQueueEffects = () => import('./queue-effects.ts');

/** Sends each stored operation to its route (http-transport.ts), its code fetched with the first send. */
export const lazyHttpTransport: OpTransport = {
  send: (op, photo) => import('./http-transport.ts').then((m) => m.httpTransport.send(op, photo)),
};
