import type { FastifyReply } from 'fastify';
import { CHECKLIST_REVISION_HEADER } from '#domain/checklist-revision';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's successes carry a whole checklist and name its revision in X-Checklist-Revision
     * (`sayRevision`). The OpenAPI document lists the header on them (api-docs.ts), and the tests'
     * check of answers (response-check.ts) requires it on every success but a replay, and refuses
     * it on any other route.
     */
    answersRevision?: boolean;
  }
}

export const CHECKLIST_REVISION_DOC = {
  description:
    'The revision of the checklist this answer holds (it goes up by one with every change; the live ' +
    '`update` and `subscribed` messages carry the same numbers). Absent on a replayed answer ' +
    '(Idempotency-Replayed): a client must then treat the revision as unknown and read the checklist again.',
  schema: { type: 'integer', minimum: 0 },
} as const;

/** Names the revision of the checklist the answer holds (docs/api.md "Checklist revisions"). */
export function sayRevision(reply: FastifyReply, revision: number): FastifyReply {
  return reply.header(CHECKLIST_REVISION_HEADER, String(revision));
}
