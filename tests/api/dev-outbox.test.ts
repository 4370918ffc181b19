import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShareVerificationEmail, buildShareVerificationSms } from '#domain/share-messages';
import { createMessageSender, usesOutbox } from '#server/adapters/messaging/create-message-sender';
import { type Config, loadConfig } from '#server/config/index';
import { outboxMessages } from '#server/db/schema/index';
import { registerResponseCheck } from '#server/http/plugins/response-check';
import { registerAnswers } from '#server/http/plugins/responses';
import { devOutboxRoutes } from '#server/http/routes/dev-outbox';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { startTestSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { reportResponseMismatch } from '#tests/support/test-app';

/**
 * Local mode's outbox: a message to either channel is stored and logged (masked recipient, never the
 * text), and GET /api/dev/outbox lists them newest first; without an outbox channel the route is absent.
 * The route is tested on a Fastify instance of its own, its answers checked as buildApp's are.
 */

const SHARE_URL = 'http://127.0.0.1:5999/shared/tok_5Rb8Kw-Nq2Lz7Vc4Ym1Xt9Hs3Jd6Pf0Ga8Eu2Wi';
const input = {
  siteName: 'ListSync',
  ownerName: 'Olga Owner',
  checklistName: 'Night shift',
  code: '739105',
  shareUrl: SHARE_URL,
};

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.destroy();
});

/** A real pino logger whose JSON lines the test can read. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

async function outboxApp(config: Pick<Config, 'email' | 'sms'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerAnswers(app);
  // The route's answers are checked as buildApp's are (a bare Fastify's own 404 is not ours).
  if (usesOutbox(config)) registerResponseCheck(app, reportResponseMismatch);
  await app.register(devOutboxRoutes, { config, db: database.handle.db });
  await app.ready();
  apps.push(app);
  return app;
}

async function outboxList(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { messages: Array<Record<string, unknown>> }).messages;
}

describe('local outbox', () => {
  it('stores e-mail and SMS, logs each with a masked recipient and no text, and lists them newest first', async () => {
    await database.handle.db.delete(outboxMessages);
    const config = loadConfig({});
    expect(config.email).toEqual({ kind: 'outbox' });
    expect(config.sms).toEqual({ kind: 'outbox' });
    const { logger, lines } = capturingLogger();
    const sender = createMessageSender(config, database.handle.db, logger);

    const mail = buildShareVerificationEmail(input);
    const emailReceipt = await sender.sendEmail({ to: 'recipient.one@example.com', ...mail });
    const sms = buildShareVerificationSms(input);
    const smsReceipt = await sender.sendSms({ to: '+14155550132', body: sms.body });
    expect(emailReceipt).toMatchObject({ channel: 'email', transport: 'outbox' });
    expect(smsReceipt).toMatchObject({ channel: 'sms', transport: 'outbox' });

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 30,
      channel: 'email',
      to: 'r•••@example.com',
      messageId: emailReceipt.messageId,
      msg: 'E-mail delivered to the local outbox (GET /api/dev/outbox)',
    });
    expect(logged[1]).toMatchObject({ channel: 'sms', to: '+•••••••••32', messageId: smsReceipt.messageId });
    const everything = lines.join('\n');
    for (const secret of ['739105', SHARE_URL, 'recipient.one', '4155550132', 'Night shift']) {
      expect(everything).not.toContain(secret);
    }

    const messages = await outboxList(await outboxApp(config));
    expect(messages.map((message) => message.id)).toEqual([smsReceipt.messageId, emailReceipt.messageId]);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual([
      'attachments',
      'channel',
      'createdAt',
      'headers',
      'id',
      'subject',
      'text',
      'to',
    ]);
    expect(messages[0]).toMatchObject({ attachments: [], headers: {} });
    expect(messages[0]).toMatchObject({ channel: 'sms', to: '+14155550132', subject: null, text: sms.body });
    expect(messages[1]).toMatchObject({
      channel: 'email',
      to: 'recipient.one@example.com',
      subject: mail.subject,
      text: mail.text,
    });
    for (const message of messages) {
      expect(new Date(String(message.createdAt)).toISOString()).toBe(message.createdAt);
    }
    const [stored] = await database.handle.db
      .select({ html: outboxMessages.html })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, emailReceipt.messageId));
    expect(stored?.html).toBe(mail.html);
  });

  it('shows what an e-mail carried: each attachment (name, type, size, SHA-256) and its extra headers', async () => {
    await database.handle.db.delete(outboxMessages);
    const config = loadConfig({});
    const sender = createMessageSender(config, database.handle.db, capturingLogger().logger);
    const pdf = Buffer.from('%PDF-1.7 a small report');
    await sender.sendEmail({
      to: 'owner@example.com',
      subject: 'Report',
      text: 'Attached.',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
      headers: { 'List-Unsubscribe': '<https://lists.example.com/u>' },
    });
    const [message] = await outboxList(await outboxApp(config));
    expect(message).toMatchObject({
      attachments: [
        {
          filename: 'report.pdf',
          contentType: 'application/pdf',
          size: pdf.length,
          sha256: createHash('sha256').update(pdf).digest('hex'),
        },
      ],
      headers: { 'List-Unsubscribe': '<https://lists.example.com/u>' },
    });
  });

  it('keeps the order of messages sent in quick succession', async () => {
    await database.handle.db.delete(outboxMessages);
    const config = loadConfig({});
    const sender = createMessageSender(config, database.handle.db, capturingLogger().logger);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      sent.push((await sender.sendSms({ to: '+14155550132', body: `message ${i}` })).messageId);
    }
    const listed = await outboxList(await outboxApp(config));
    expect(listed.map((message) => message.id)).toEqual(sent.reverse());
  });

  it('with both services configured there is no outbox route (404)', async () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'no-reply@listsync.test',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+15005550006',
    });
    const app = await outboxApp(config);
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });

  describe('with SMTP configured and SMS not', () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it('sends e-mail over SMTP and only the SMS to the outbox, which stays readable', async () => {
      await database.handle.db.delete(outboxMessages);
      const config = loadConfig({ SMTP_URL: smtp.url(), MAIL_FROM: 'no-reply@listsync.test' });
      expect(config.localServices).toContain('SMS (local outbox)');
      expect(config.localServices).not.toContain('e-mail (local outbox)');
      const sender = createMessageSender(config, database.handle.db, capturingLogger().logger);

      const emailReceipt = await sender.sendEmail({ to: 'real@example.com', subject: 'Hi', text: 'Hello' });
      const smsReceipt = await sender.sendSms({ to: '+14155550132', body: 'Hello' });
      expect(emailReceipt.transport).toBe('smtp');
      expect(smtp.received.at(-1)?.to).toEqual(['real@example.com']);
      expect(smsReceipt.transport).toBe('outbox');

      const listed = await outboxList(await outboxApp(config));
      expect(listed.map((message) => message.channel)).toEqual(['sms']);
    });
  });
});
