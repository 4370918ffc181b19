import type { FastifyInstance } from 'fastify';
import { OutboxListSchema } from '#domain/local-mode';
import { usesOutbox } from '../../adapters/messaging/create-message-sender.ts';
import { listOutboxMessages, type OutboxMessageView } from '../../adapters/messaging/outbox.ts';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { answers } from '../plugins/responses.ts';

export interface DevOutboxRoutesOptions {
  config: Pick<Config, 'email' | 'sms'>;
  db: Database;
}

const SCHEMA = { tags: ['local mode'], response: answers({ 200: OutboxListSchema }) };

/**
 * GET /api/dev/outbox: the messages local mode delivered instead of sending, newest first. The route
 * exists only while a channel uses the outbox (never in production), so elsewhere it answers 404.
 */
export async function devOutboxRoutes(app: FastifyInstance, { config, db }: DevOutboxRoutesOptions) {
  if (!usesOutbox(config)) return;

  app.get(
    '/api/dev/outbox',
    { schema: SCHEMA },
    async (_request, reply): Promise<{ messages: OutboxMessageView[] }> => {
      // The messages hold live verification codes: no cache keeps a copy.
      reply.header('cache-control', 'no-store');
      return { messages: await listOutboxMessages(db) };
    },
  );
}
