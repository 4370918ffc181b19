import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChecklist, draft, signInOwner } from '#tests/support/checklists';
import { subscribedSocket } from '#tests/support/realtime';
import { setupTestApp } from '#tests/support/test-app';

/**
 * A client that trickles its request is cut (docs/security.md, "Inputs: numbers, cursors, bodies and
 * time"): slow headers and slow bodies answer 408 `request_timeout` in our JSON shape and the
 * connection closes, while a steady body that needs longer than BODY_TIMEOUT_MS arrives whole, and
 * an open WebSocket (no longer a request) outlives every clock. Real sockets: inject has no clocks.
 */
const t = setupTestApp({
  env: { HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '5000' },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

interface RawExchange {
  socket: Socket;
  /** Everything the server wrote, once it closed the connection. */
  closed: Promise<string>;
}

/** A raw connection that writes `head` (and nothing else unless the test writes more). */
async function rawRequest(app: FastifyInstance, head: string): Promise<RawExchange> {
  const port = await portOf(app);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  return { socket, closed };
}

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : null };
}

const TIMED_OUT = {
  error: { code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' },
};

describe('a request that arrives too slowly', () => {
  it('answers 408 request_timeout and closes when a body stops after one byte of a declared thousand', async () => {
    const owner = await signInOwner(t.app);
    const { closed } = await rawRequest(
      t.app,
      `POST /api/checklists HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${owner.cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual(TIMED_OUT);
    // Nothing of the half-sent checklist was kept.
    const list = await owner.call('GET', '/api/checklists');
    expect(list.json()).toEqual([]);
  });

  it('cuts a multipart photo upload that stalls, as it cuts a JSON body', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const task = checklist.tasks[0];
    const boundary = 'slowslowslow';
    const { closed } = await rawRequest(
      t.app,
      `POST /api/checklists/${checklist.id}/tasks/${task?.id}/photo HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${owner.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 4000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8`,
    );
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(TIMED_OUT);
  });

  it('answers 408 request_timeout and closes when the headers never end', async () => {
    const { closed } = await rawRequest(t.app, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(TIMED_OUT);
  });

  it('drops a connection that keeps trickling a body after its refusal was sent', async () => {
    // No cookie: 401 before the body is read; the rest of the body would hold the connection.
    const { socket, closed } = await rawRequest(
      t.app,
      'POST /api/checklists HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    try {
      const answer = parseAnswer(await closed);
      expect(answer.status).toBe(401);
    } finally {
      clearInterval(trickle);
    }
  });
});

describe('what the clocks leave alone', () => {
  it('takes a body that arrives steadily, even when it needs longer than BODY_TIMEOUT_MS', async () => {
    const owner = await signInOwner(t.app);
    // About 48 KB: at 16 KiB/s its clock is BODY_TIMEOUT_MS + 3 s; it is sent in 1.6 s.
    const tasks = draft({}, 60).tasks.map((task) => ({ ...task, description: 'x'.repeat(780) }));
    const body = Buffer.from(JSON.stringify(draft({ name: 'Sent slowly', tasks })));
    const { socket, closed } = await rawRequest(
      t.app,
      `POST /api/checklists HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${owner.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const pieces = 8;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i += 1) {
      socket.write(body.subarray(i * size, (i + 1) * size));
      await sleep(200);
    }
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe('Sent slowly');
  });

  it('keeps an open WebSocket past REQUEST_TIMEOUT_MS: it is no longer a request', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });
    try {
      // Past the whole-request clock (5 s) and a check of it (every second).
      await sleep(7_000);
      expect(socket.ws.readyState).toBe(1);
      const task = checklist.tasks[0];
      await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task?.id}`, { completed: true });
      await socket.next('update', (message) => message.checklistId === checklist.id);
    } finally {
      socket.ws.close();
    }
  }, 30_000);
});
