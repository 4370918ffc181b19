/**
 * The part of `ws` 8 (no types of its own; @fastify/websocket depends on it) that the server and the
 * tests use; see node_modules/ws/doc/ws.md.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    headers?: Record<string, string>;
    origin?: string;
    handshakeTimeout?: number;
    maxPayload?: number;
    /** Answer pings by itself (default true). */
    autoPong?: boolean;
  }

  interface ServerOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean;
    clientTracking?: boolean;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    readonly bufferedAmount: number;
    send(data: string | Buffer, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
    ping(data?: string | Buffer): void;
    pong(data?: string | Buffer): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'ping' | 'pong', listener: (data: Buffer) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    once(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  }

  namespace WebSocket {
    type Server = WebSocketServer;
  }

  class WebSocketServer extends EventEmitter {
    constructor(options?: ServerOptions);
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }

  export {
    type ClientOptions,
    type RawData,
    type ServerOptions,
    WebSocket,
    WebSocketServer,
    WebSocketServer as Server,
  };
  export default WebSocket;
}
