import { describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery-error.ts';
import { maskRecipient } from './outbox.ts';
import { smtpDeliveryError } from './smtp-email.ts';
import { twilioDeliveryError } from './twilio-sms.ts';

/** An error shaped as nodemailer makes them (smtp-connection's `_formatError`). */
function nodemailerError(fields: {
  code: string;
  responseCode?: number;
  command?: string;
  message?: string;
}) {
  return Object.assign(new Error(fields.message ?? 'failed: 550 <secret@example.com> no such user'), fields);
}

describe('DeliveryError', () => {
  it('says the channel, the reason and the codes, and nothing else', () => {
    const error = new DeliveryError({ channel: 'sms', reason: 'rejected', providerCode: 21606, status: 400 });
    expect(error.message).toBe('SMS delivery failed: the message was refused (status 400, code 21606)');
    expect(error.name).toBe('DeliveryError');
    expect(new DeliveryError({ channel: 'email', reason: 'timeout' }).message).toBe(
      'E-mail delivery failed: the service did not answer in time',
    );
  });
});

describe('smtpDeliveryError', () => {
  it.each([
    [
      'a refused recipient',
      { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' },
      'recipient_rejected',
    ],
    [
      'an address nodemailer will not send to',
      { code: 'EENVELOPE', command: 'API', message: 'Invalid recipient "x"' },
      'recipient_rejected',
    ],
    ['a refused sender', { code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }, 'rejected'],
    [
      'a greylisted recipient',
      { code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' },
      'temporarily_unavailable',
    ],
    [
      'refused credentials',
      { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' },
      'authentication_failed',
    ],
    ['a refused message', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, 'rejected'],
    ['a connection that failed', { code: 'ESOCKET', command: 'CONN' }, 'unreachable'],
    ['a name that did not resolve', { code: 'EDNS', command: 'CONN' }, 'unreachable'],
    ['a failed TLS handshake', { code: 'ETLS', command: 'CONN' }, 'unreachable'],
    ['a timeout', { code: 'ETIMEDOUT', command: 'CONN' }, 'timeout'],
  ])('%s is %s', (_label, fields, reason) => {
    const error = smtpDeliveryError(nodemailerError(fields));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ channel: 'email', reason, providerCode: fields.code });
    expect((error as Error).message).not.toContain('secret@example.com');
  });

  it('an abort by our overall deadline is a timeout', () => {
    const aborted = Object.assign(new Error('Message sending aborted'), {
      code: 'EABORT',
      cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
    });
    expect(smtpDeliveryError(aborted)).toMatchObject({ reason: 'timeout' });
  });

  it('passes on errors that do not come from nodemailer (bugs are not delivery failures)', () => {
    const bug = new TypeError('x is not a function');
    expect(smtpDeliveryError(bug)).toBe(bug);
  });
});

describe('twilioDeliveryError', () => {
  it.each([
    [400, { code: 21211 }, 'recipient_rejected'],
    [400, { code: 21610 }, 'recipient_rejected'],
    [400, { code: 21606 }, 'rejected'],
    [400, null, 'rejected'],
    [401, { code: 20003 }, 'authentication_failed'],
    [403, { code: 20003 }, 'authentication_failed'],
    [404, { code: 20404 }, 'rejected'],
    [429, { code: 20429 }, 'temporarily_unavailable'],
    [500, 'oops', 'temporarily_unavailable'],
  ])('%i %j is %s', (status, answer, reason) => {
    const error = twilioDeliveryError(status, answer);
    expect(error).toMatchObject({ channel: 'sms', reason, status });
    expect(error.providerCode).toBe((answer as { code?: number } | null)?.code);
  });
});

describe('maskRecipient', () => {
  it('keeps enough of an address or number to tell messages apart, and no more', () => {
    expect(maskRecipient('email', 'jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskRecipient('email', 'not-an-address')).toBe('•••');
    expect(maskRecipient('sms', '+14155550132')).toBe('+•••••••••32');
  });
});
