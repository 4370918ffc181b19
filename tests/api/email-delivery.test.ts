import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShareVerificationEmail } from '#domain/share-messages';
import { createSmtpEmailSender } from '#server/adapters/messaging/smtp-email';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { deliveryErrorOf, messageSenderFor } from '#tests/support/messaging';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { freePort } from '#tests/support/test-app';

/**
 * E-mail over SMTP with nodemailer, against a real SMTP server started here: the verification mail
 * arrives as built, and every way the server can fail becomes a DeliveryError without secrets.
 */

const credentials = { user: 'mailer', pass: 'smtp-password-never-shown' };
const SHARE_URL = 'https://lists.example.com/shared/tok_3Nw9xQ-Lz8Ve2Rk5Yb7Tq1Hs4Jm6Pc0Ad9Fg2Xu8Wi';

let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer({
    credentials,
    refuseRecipient: (address) => address.startsWith('nobody@'),
  });
});

afterAll(async () => {
  await smtp?.close();
  await database?.destroy();
});

function configuredSender(pass = credentials.pass) {
  const { config, sender } = messageSenderFor(database, {
    SMTP_URL: smtp.url({ user: credentials.user, pass }),
    MAIL_FROM: 'ListSync <no-reply@listsync.test>',
  });
  expect(config.email.kind).toBe('smtp');
  return sender;
}

describe('e-mail over SMTP', () => {
  it('delivers the verification e-mail: subject, code, validity, link and an escaped checklist name', async () => {
    const mail = buildShareVerificationEmail({
      siteName: 'ListSync',
      ownerName: 'Anna Owner',
      checklistName: '<script>alert("x")</script> Kitchen & Bar',
      code: '482913',
      shareUrl: SHARE_URL,
      recipientName: 'Rita',
    });
    const before = smtp.received.length;
    const receipt = await configuredSender().sendEmail({ to: 'rita@example.com', ...mail });

    expect(receipt).toMatchObject({ channel: 'email', transport: 'smtp' });
    expect(receipt.messageId).toMatch(/^<.+@.+>$/);
    expect(smtp.received).toHaveLength(before + 1);
    const received = smtp.received.at(-1);
    expect(received?.from).toBe('no-reply@listsync.test');
    expect(received?.to).toEqual(['rita@example.com']);

    const parsed = parseMail(received?.raw ?? '');
    expect(parsed.headers.get('message-id')).toBe(receipt.messageId);
    expect(parsed.headers.get('from')).toBe('ListSync <no-reply@listsync.test>');
    expect(parsed.headers.get('to')).toBe('rita@example.com');
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.subject).toContain('Anna Owner');

    expect(parsed.text).toContain('Your verification code: 482913');
    expect(parsed.text).toContain('valid for 10 minutes');
    expect(parsed.text).toContain(SHARE_URL);
    expect(parsed.text).toContain('Hi Rita,');

    expect(parsed.html).toContain('482913');
    expect(parsed.html).toContain('valid for 10 minutes');
    expect(parsed.html).toContain(`href="${SHARE_URL}"`);
    expect(parsed.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Kitchen &amp; Bar');
    expect(parsed.html).not.toContain('<script');
  });

  it('sends attachments as MIME attachments, byte for byte, and the RFC 8058 unsubscribe headers', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([0, 1, 2, 250, 251, 255]),
      Buffer.from('\n%%EOF\n'),
    ]);
    const before = smtp.received.length;
    await configuredSender().sendEmail({
      to: 'owner@example.com',
      subject: 'ListSync: “Cabin” was submitted',
      text: 'The completion report is attached.',
      attachments: [{ filename: 'cabin-report.pdf', contentType: 'application/pdf', content: pdf }],
      headers: {
        'List-Unsubscribe': '<https://lists.example.com/api/unsubscribe?token=u1.abc.def>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(smtp.received).toHaveLength(before + 1);
    const parsed = parseMail(smtp.received.at(-1)?.raw ?? '');
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(parsed.text).toContain('The completion report is attached.');
    expect(parsed.attachments).toEqual([
      { filename: 'cabin-report.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(parsed.headers.get('list-unsubscribe')).toBe(
      '<https://lists.example.com/api/unsubscribe?token=u1.abc.def>',
    );
    expect(parsed.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('a recipient the server refuses is a DeliveryError (recipient_rejected, 550) naming neither address nor password', async () => {
    const error = await deliveryErrorOf(
      configuredSender().sendEmail({ to: 'nobody@example.com', subject: 'Hello', text: 'Code 111111' }),
    );
    expect(error).toMatchObject({ channel: 'email', reason: 'recipient_rejected', status: 550 });
    for (const shown of [error.message, String(error), JSON.stringify(error)]) {
      expect(shown).not.toContain('nobody@example.com');
      expect(shown).not.toContain(credentials.pass);
      expect(shown).not.toContain('111111');
    }
  });

  it('a "to" that lists several addresses is one recipient (refused), never a message to each', async () => {
    const before = smtp.received.length;
    const error = await deliveryErrorOf(
      configuredSender().sendEmail({ to: 'rita@example.com, eve@example.com', subject: 'Hi', text: 'Hi' }),
    );
    expect(error.reason).toBe('recipient_rejected');
    expect(smtp.received).toHaveLength(before);
  });

  it('credentials the server refuses are a DeliveryError (authentication_failed) without the password', async () => {
    const wrong = 'wrong-password-never-shown';
    const error = await deliveryErrorOf(
      configuredSender(wrong).sendEmail({ to: 'rita@example.com', subject: 'Hello', text: 'Hi' }),
    );
    expect(error).toMatchObject({ channel: 'email', reason: 'authentication_failed', providerCode: 'EAUTH' });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(wrong);
  });

  it('a server that does not listen is unreachable', async () => {
    const port = await freePort();
    const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@listsync.test' });
    const error = await deliveryErrorOf(
      sender.sendEmail({ to: 'rita@example.com', subject: 'Hi', text: 'Hi' }),
    );
    expect(error.reason).toBe('unreachable');
  });

  describe('a server that accepts the connection and never greets', () => {
    let silent: Server;
    const sockets = new Set<Socket>();

    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('times out after the greeting timeout, in well under a second or two', async () => {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const sender = createSmtpEmailSender({
        url: `smtp://127.0.0.1:${port}`,
        from: 'no-reply@listsync.test',
        timeouts: { connectMs: 300, greetingMs: 300, socketMs: 300, totalMs: 5_000 },
      });
      const started = Date.now();
      const error = await deliveryErrorOf(
        sender.sendEmail({ to: 'rita@example.com', subject: 'Hi', text: 'Hi' }),
      );
      expect(error.reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });
});
