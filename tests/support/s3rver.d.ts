/** The part of s3rver 3.7 (no types of its own) the tests use; see node_modules/s3rver/README.md. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    /** Suppresses its request log and Koa's error print-outs. */
    silent?: boolean;
    /** Where buckets and objects are kept, as files. */
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** Its file store: internal (not in the README), patched by tests/support/s3-server.ts. */
  interface S3rverFilesystemStore {
    putObject(...args: never[]): Promise<unknown>;
    deleteObject(...args: never[]): Promise<unknown>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    store: S3rverFilesystemStore;
    /** Creates the buckets named in `configureBuckets`. */
    configureBuckets(): Promise<void>;
    /** A request listener for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
