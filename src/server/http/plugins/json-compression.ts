import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type ContentEncoding, chosenEncoding } from './content-encoding.ts';

/**
 * JSON answers of the API go out compressed when they are large enough to gain from it (issue 15,
 * docs/decisions/0015): Brotli (quality 4, 1 below `QUICK_BELOW`) or gzip by Accept-Encoding, with `Vary: Accept-Encoding`.
 * A 50-task checklist's 10.9 kB become about 0.7-1 kB, the dashboard's list of 50 about 0.5 kB: what
 * a phone on weak cellular waits for. Below `MIN_BYTES` the frame costs more than it saves.
 *
 * The hot routes send the same string again and again (the read caches' bodies: one checklist at a
 * revision, an owner's list at a fingerprint), so the compressed copies of the last bodies sent are
 * kept by that string: compressing costs once per revision, not per request.
 */
export const MIN_BYTES = 1024;
const REMEMBERED = 256;

const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/**
 * Below this many characters a body is compressed at the quickest setting (Brotli quality 1, gzip
 * level 1). A tick's answer (a 5-task checklist, about 1.5 kB) is new with every revision, so it is
 * compressed for every request: quality 4 took 70 µs and made 338 bytes, quality 1 29 µs and 386
 * bytes (gzip: 57 µs / 363 bytes at level 6, 24 µs / 382 at level 1). Above it the higher setting
 * saves more (a 50-task checklist: 665 bytes against 962), and those bodies are mostly the read
 * caches', compressed once per revision.
 */
export const QUICK_BELOW = 8 * 1024;

/**
 * From this many characters a body is compressed on libuv's threads (zlib's asynchronous calls), not
 * on the event loop: a checklist of 500 long tasks is about 3 MB of JSON, which took 40 ms of the
 * loop at Brotli quality 4 and 97 ms with gzip at level 6 when its text compresses badly. Below it
 * the synchronous call costs less than the trip to a thread (64 KiB: about 2 ms at worst).
 */
export const OFF_LOOP_FROM = 64 * 1024;

const brotliOffLoop = promisify(brotliCompress);
const gzipOffLoop = promisify(gzip);

function brotliOptions(body: string) {
  const quick = body.length < QUICK_BELOW;
  return {
    params: {
      ...BROTLI.params,
      ...(quick ? { [constants.BROTLI_PARAM_QUALITY]: 1 } : {}),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

const gzipLevel = (body: string) => (body.length < QUICK_BELOW ? 1 : 6);

/** One body compressed for one answer (nothing kept: `compressedBody` keeps the copies of repeated ones). */
export function compressText(body: string, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliOptions(body))
    : gzipSync(body, { level: gzipLevel(body) });
}

/** The same bytes as `compressText`, made on libuv's threads while the event loop goes on. */
export function compressTextOffLoop(body: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliOffLoop(body, brotliOptions(body))
    : gzipOffLoop(body, { level: gzipLevel(body) });
}

/** The compressed copies of the bodies sent last, least recently used first out. */
const remembered = new Map<string, Partial<Record<ContentEncoding, Buffer>>>();

/** The copies kept of this body (a new, empty entry when none), now the most recently used. */
function copiesOf(body: string): Partial<Record<ContentEncoding, Buffer>> {
  let copies = remembered.get(body);
  if (copies) {
    remembered.delete(body);
  } else {
    copies = {};
    if (remembered.size >= REMEMBERED) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
  }
  remembered.set(body, copies);
  return copies;
}

/**
 * The body compressed, from the copies kept when it was sent lately: at once when kept or small, a
 * promise when it is large and made off the event loop (the hot path's small answers stay synchronous).
 */
export function compressedBody(body: string, encoding: ContentEncoding): Buffer | Promise<Buffer> {
  const copies = copiesOf(body);
  const kept = copies[encoding];
  if (kept) return kept;
  if (body.length < OFF_LOOP_FROM) {
    copies[encoding] = compressText(body, encoding);
    return copies[encoding];
  }
  return compressTextOffLoop(body, encoding).then((copy) => {
    copies[encoding] = copy;
    return copy;
  });
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/** The body to send: compressed when it is JSON text worth it and the client accepts an encoding. */
function encodedJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  // Strings only: bodies Fastify serialised or a route sent as JSON text (never streams or files).
  if (typeof payload !== 'string' || payload.length < MIN_BYTES || !isJson(reply)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  reply.header('vary', 'Accept-Encoding');
  const encoding = chosenEncoding(request);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  return compressedBody(payload, encoding);
}

function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error?: Error | null, payload?: unknown) => void,
): void {
  const body = encodedJson(request, reply, payload);
  if (body instanceof Promise) body.then((compressed) => done(null, compressed), done);
  else done(null, body);
}

/**
 * Register after every other hook that reads an answer's text (the Idempotency-Key's kept answer,
 * the tests' response check): each route gets this `onSend` last, so they all see the JSON as it is.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const existing = route.onSend;
    route.onSend =
      existing === undefined
        ? [compressJson]
        : [...(Array.isArray(existing) ? existing : [existing]), compressJson];
  });
}
