import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createMessageSender } from '#server/adapters/messaging/create-message-sender';
import { DeliveryError } from '#server/adapters/messaging/delivery-error';
import type { MessageSender } from '#server/adapters/messaging/message-sender';
import type { Config } from '#server/config/index';
import type { Database } from '#server/db/client';
import { outboxMessages } from '#server/db/schema/index';
import type { TestDatabase } from './database.ts';
import { testConfig } from './test-app.ts';

/** The app's sender as these settings configure it (local outbox for what they leave unset). */
export function messageSenderFor(
  database: TestDatabase,
  env: Record<string, string | undefined>,
): { sender: MessageSender; config: Config } {
  const config = testConfig(database, env);
  return { config, sender: createMessageSender(config, database.handle.db, { info: () => {} }) };
}

/** The DeliveryError a send rejected with; the test fails if it resolved or failed in another way. */
export async function deliveryErrorOf(sending: Promise<unknown>): Promise<DeliveryError> {
  const error = await sending.then(
    () => expect.unreachable('the send should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

/** What the local outbox holds for this address, oldest first. */
export async function outboxTo(db: Database, to: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.createdAt);
}
