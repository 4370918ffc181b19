import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3PhotoStoreOptions } from '#server/adapters/storage/s3-store';

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a free port, keeping its objects as files
 * under `directory`, with one bucket made. It keeps the method, URL and headers of every request it
 * received, so a test can see what the client sent.
 *
 * What s3rver 3.7 does not do like S3: it never computes SigV4 signatures (a wrong secret or a
 * tampered signed URL passes; only an unknown access key id and an expired signed URL are refused),
 * and it keeps objects as files in folders that it prunes on delete without care for concurrency (two
 * deletes, or a delete and a put, in one folder at once fail with InternalError). Its writes and
 * deletes are therefore run one at a time here; requests still arrive concurrently.
 */

export interface ReceivedS3Request {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  received: ReceivedS3Request[];
  /** Options for createS3PhotoStore that reach this server and its bucket. */
  storeOptions(more?: Partial<S3PhotoStoreOptions>): S3PhotoStoreOptions;
  close(): Promise<void>;
}

/** s3rver's one built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3Server(options: {
  directory: string;
  bucket?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'photos';
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    // Path-style only: virtual hosts would need DNS names for buckets.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await s3rver.configureBuckets();
  oneAtATime(s3rver.store, ['putObject', 'deleteObject']);
  const handle = s3rver.callback();
  const received: ReceivedS3Request[] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    received,
    storeOptions: (more = {}) => ({
      endpoint,
      region: 'us-east-1',
      bucket,
      forcePathStyle: true,
      ...CREDENTIALS,
      ...more,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Makes these methods of `target` wait for each other: each call starts when the last one ended. */
function oneAtATime<Name extends string>(
  target: Record<Name, (...args: never[]) => Promise<unknown>>,
  names: Name[],
): void {
  let last: Promise<unknown> = Promise.resolve();
  for (const name of names) {
    const original = target[name].bind(target);
    target[name] = (...args: never[]) => {
      const call = last.then(() => original(...args));
      last = call.catch(() => undefined);
      return call;
    };
  }
}
