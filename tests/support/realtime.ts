import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_PATH, type RealtimeServerMessage } from '#domain/realtime';
import { MESSAGE_WAIT_MS } from './budgets.ts';
import { TEST_PUBLIC_URL } from './test-app.ts';

/** A WebSocket client as a browser tab on our origin would hold one (the `ws` package). */
export interface TestSocket {
  /** Every message received so far, in order. */
  readonly messages: RealtimeServerMessage[];
  send(message: unknown): void;
  sendRaw(data: string | Buffer): void;
  /** The first message (received or to come) matching, after those already taken by an earlier wait. */
  next<T extends RealtimeServerMessage['type']>(
    type: T,
    match?: (message: Extract<RealtimeServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>>;
  /** Resolves with the close code once the socket is closed (by either side). */
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly ws: WebSocket;
  close(): void;
}

/** Starts the app on a free port of 127.0.0.1 (once) and answers its ws:// address of /ws. */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
}

export interface SocketOptions {
  /** Cookie header (owner session and/or recipient cookie). */
  cookie?: string | null;
  /** The Origin header; our own by default, null for none (a non-browser client). */
  origin?: string | null;
  /** false: the client stops answering pings (a connection gone dead without closing). */
  autoPong?: boolean;
  /** Connect from this local address (another loopback address is another client address). */
  localAddress?: string;
  /** X-Forwarded-For, as a proxy the app trusts (TRUST_PROXY=loopback) would write it: the client. */
  forwardedFor?: string;
}

function headersOf({
  cookie = null,
  origin = TEST_PUBLIC_URL,
  forwardedFor,
}: SocketOptions): Record<string, string> {
  return {
    ...(cookie ? { cookie } : {}),
    ...(origin ? { origin } : {}),
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  };
}

export async function openSocket(app: FastifyInstance, options: SocketOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(await socketUrl(app), {
    headers: headersOf(options),
    autoPong: options.autoPong ?? true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  const taken = new Set<RealtimeServerMessage>();
  ws.on('message', (data, isBinary) => {
    // The API speaks in text frames: a browser hands a binary frame to the page as a Blob, not JSON.
    if (isBinary) throw new Error(`a binary frame from /ws: ${String(data).slice(0, 80)}`);
    messages.push(JSON.parse(String(data)));
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('error', () => {}); // a reset after the test closed the app is not this test's concern

  const socket: TestSocket = {
    messages,
    ws,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data) => ws.send(data),
    close: () => ws.close(),
    next(type, match = () => true, timeoutMs = MESSAGE_WAIT_MS) {
      type Wanted = Extract<RealtimeServerMessage, { type: typeof type }>;
      const find = () =>
        messages.find(
          (message): message is Wanted =>
            !taken.has(message) && message.type === type && match(message as Wanted),
        );
      return new Promise<Wanted>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const waiter = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no '${type}' message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!check()) waiters.add(waiter);
      });
    },
  };
  return socket;
}

/** Opens a socket and subscribes it to the checklist; answers it once `subscribed` came. */
export async function subscribedSocket(
  app: FastifyInstance,
  checklistId: string,
  options: SocketOptions = {},
): Promise<TestSocket> {
  const socket = await openSocket(app, options);
  socket.send({ type: 'subscribe', checklistId });
  await socket.next('subscribed', (message) => message.checklistId === checklistId);
  return socket;
}

/** What a handshake refused before the upgrade answered over HTTP. */
export interface RefusedHandshake {
  status: number;
  headers: IncomingHttpHeaders;
  /** The JSON body (the error shape), or the text when it is not JSON. */
  body: unknown;
}

/** The answer of a refused handshake (fails if the upgrade went through). */
export async function refusedHandshake(
  app: FastifyInstance,
  options: SocketOptions = {},
): Promise<RefusedHandshake> {
  const ws = new WebSocket(await socketUrl(app), {
    headers: headersOf(options),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  return new Promise<RefusedHandshake>((resolve, reject) => {
    ws.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        ws.terminate();
      });
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.once('error', () => {});
  });
}

export function closeAll(...sockets: TestSocket[]): void {
  for (const socket of sockets) socket.close();
}
