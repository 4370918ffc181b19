import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP fake of Twilio's Messages endpoint on 127.0.0.1 and a free port. It records every request
 * and answers like Twilio (201 with the message resource) unless a test says otherwise.
 */

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** What to answer: a status and JSON body, or 'hang' to never answer. */
export type TwilioAnswer = { status: number; body: unknown } | 'hang';

export interface FakeTwilio {
  baseUrl: string;
  requests: TwilioRequest[];
  /** Replaces how the next requests are answered. */
  answerWith(answer: (request: TwilioRequest) => TwilioAnswer): void;
  close(): Promise<void>;
}

/** Twilio's answer to an accepted message (the fields our adapter or a test may read). */
export function acceptedMessage(request: TwilioRequest): TwilioAnswer {
  return {
    status: 201,
    body: {
      sid: `SM${randomBytes(16).toString('hex')}`,
      status: 'queued',
      to: request.form.get('To'),
      from: request.form.get('From'),
      messaging_service_sid: request.form.get('MessagingServiceSid'),
      body: request.form.get('Body'),
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  let answer: (request: TwilioRequest) => TwilioAnswer = acceptedMessage;

  const server = createServer(async (incoming, response) => {
    const recorded: TwilioRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      authorization: incoming.headers.authorization,
      contentType: incoming.headers['content-type'],
      form: new URLSearchParams(await readBody(incoming)),
    };
    requests.push(recorded);
    const reply = answer(recorded);
    if (reply === 'hang') return;
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      answer = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
