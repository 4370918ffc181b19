import type { RealtimeClientMessage, RealtimeServerMessage } from '#domain/realtime';
import type { RealtimeEnvironment } from '../../src/web/sync/index.ts';

/**
 * A WebSocket the test drives: it opens, answers and drops when the test says so, and records what
 * the client sent. Enough of the browser's WebSocket for src/web/sync/realtime-client.ts.
 */
export class FakeWebSocket {
  readyState = 0;
  binaryType: BinaryType = 'blob';
  readonly sent: RealtimeClientMessage[] = [];
  closedByClient: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(text: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(text) as RealtimeClientMessage);
  }

  close(code?: number, reason?: string): void {
    this.closedByClient = { code, reason };
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server said something. */
  receive(message: RealtimeServerMessage): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The server said something in a binary frame (the browser hands it over as binaryType says). */
  receiveBinary(message: RealtimeServerMessage): void {
    const bytes = new TextEncoder().encode(JSON.stringify(message));
    const data = this.binaryType === 'arraybuffer' ? bytes.buffer : new Blob([bytes]);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection dropped (or never opened), as the browser reports it. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** A browser for the realtime client: its sockets, its online flag and its online/offline events. */
export function fakeRealtimeEnvironment() {
  const sockets: FakeWebSocket[] = [];
  const watchers = new Set<() => void>();
  let online = true;
  const env: RealtimeEnvironment = {
    url: 'ws://listsync.test/ws',
    createSocket: (url) => {
      const socket = new FakeWebSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    isOnline: () => online,
    watchConnectivity: (onChange) => {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
  };
  return {
    env,
    sockets,
    get latest(): FakeWebSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
    get watching(): number {
      return watchers.size;
    },
    setOnline(value: boolean) {
      online = value;
      for (const watcher of [...watchers]) watcher();
    },
  };
}
