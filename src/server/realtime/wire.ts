import type { RealtimeServerMessage } from '#domain/realtime';

/** A server message as the bytes of one text frame, encoded once however many sockets receive it. */
export function encode(message: RealtimeServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}
