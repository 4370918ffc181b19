import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '#domain/errors';
import { bodyDeadlineMs, type RequestTimeouts } from '../../config/request-timeouts.ts';

/**
 * A client that trickles its request holds a connection, its socket and its buffers, for as long as
 * it likes: one byte of a declared thousand used to keep a connection for minutes. Three clocks cut
 * it (docs/security.md, "Inputs: numbers, cursors, bodies and time"):
 *
 * - the headers: Node's `headersTimeout`;
 * - the body: from the end of the headers, BODY_TIMEOUT_MS plus its declared length at 16 KiB/s
 *   (a 5 MB photo from a weak phone gets its minutes, a small JSON body ten seconds);
 * - the whole request: Node's `requestTimeout`, the ceiling of both, for a body of unknown length.
 *
 * Each answers 408 `request_timeout` in our JSON shape and closes the connection. Node checks its
 * two clocks every `connectionsCheckingInterval`; the body's is a timer of its own.
 */

const TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';

/** How often Node looks for connections past their header or request deadline. */
const CHECK_EVERY_MS = 1_000;

/** The options Fastify passes to Node's HTTP server, and its answer to errors before a request exists. */
export function requestTimeoutOptions(timeouts: RequestTimeouts): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (error: FastifyError, socket: Socket) => void;
} {
  return {
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: CHECK_EVERY_MS },
    clientErrorHandler: answerClientError,
  };
}

/** A raw answer on a socket with no request object yet (Node's clocks, a malformed request line). */
function answerClientError(error: FastifyError & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const headersTooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason] = timedOut
    ? [408, 'Request Timeout']
    : headersTooLarge
      ? [431, 'Request Header Fields Too Large']
      : [400, 'Bad Request'];
  const body = JSON.stringify(
    timedOut
      ? new AppError('request_timeout', TIMEOUT_MESSAGE).toBody()
      : new AppError(
          'validation_failed',
          headersTooLarge ? 'The request headers are too large.' : 'The request is not valid HTTP.',
        ).toBody(),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The declared body length: a number, null for a chunked body, 0 for none. */
function declaredBodyBytes(headers: Record<string, string | string[] | undefined>): number | null {
  const length = headers['content-length'];
  if (typeof length === 'string' && /^\d+$/.test(length)) return Number(length);
  return headers['transfer-encoding'] ? null : 0;
}

/** The body's clock: started when the headers are in, stopped when the body is, or the connection goes. */
export function registerBodyDeadline(app: FastifyInstance, timeouts: RequestTimeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const declared = declaredBodyBytes(raw.headers);
    if (declared === 0 || raw.complete) return done();
    const timer = setTimeout(
      () => {
        if (raw.complete) return;
        request.log.info({ declaredBytes: declared }, 'request body too slow: cut');
        // Still waiting for the body: answer now, and the connection closes after it. Otherwise the
        // answer went out (a refusal before the body was read) while the rest trickles in: drop it.
        if (!reply.sent) {
          reply
            .status(408)
            .header('connection', 'close')
            .send(new AppError('request_timeout', TIMEOUT_MESSAGE).toBody());
        } else if (typeof raw.socket?.destroy === 'function') {
          // (An injected request, in tests, has a socket of its own kind with nothing to destroy.)
          raw.socket.destroy();
        }
      },
      bodyDeadlineMs(timeouts, declared),
    );
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
