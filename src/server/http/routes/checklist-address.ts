import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChecklistParams } from '#domain/checklist';
import { ChecklistSchema } from '#domain/checklist-response';
import { ChecklistAddressInput } from '#domain/photo-evidence-input';
import type { Geocoder } from '../../adapters/geocoding/geocoder.ts';
import type { Database } from '../../db/client.ts';
import { setChecklistAddress } from '../../services/checklist-address.ts';
import { sayRevision } from '../plugins/checklist-revision.ts';
import { answers } from '../plugins/responses.ts';
import { authenticateFirst, callerOf } from '../plugins/session.ts';

const SCHEMAS = {
  address: {
    tags: ['checklists'],
    description:
      'Where the work is done (the team only; a recipient gets 404): `address` (at most 300 characters; ' +
      'null or empty clears it) and, optionally, `location` {latitude, longitude} from the owner’s device. ' +
      'Without `location` a new address is looked up by the geocoder; `addressLocation` is null when it ' +
      'was not found. Photos taken with consent are measured from that point.',
    params: ChecklistParams,
    body: ChecklistAddressInput,
    response: answers({ 200: ChecklistSchema }, [
      'validation_failed',
      'unauthenticated',
      'not_found',
      'service_unavailable',
    ]),
  },
};

/** A checklist's address and its point (docs/api.md "Checklists", docs/review-and-proof.md). */
export async function checklistAddressRoutes(
  app: FastifyInstance,
  deps: { db: Database; geocoder: Geocoder; log: FastifyBaseLogger },
) {
  authenticateFirst(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/api/checklists/:id/address',
    {
      schema: SCHEMAS.address,
      config: { idempotent: 'body', answersRevision: true, apiScope: 'checklists:write' },
    },
    async (request, reply) => {
      const saved = await setChecklistAddress(deps, callerOf(request), request.params.id, request.body);
      return sayRevision(reply, saved.revision).send(saved.checklist);
    },
  );
}
