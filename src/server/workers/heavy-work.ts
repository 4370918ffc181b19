// sharp loads its native libraries here, on the main thread, before any worker thread starts: on
// glibc Linux a thread that loads them first can unload them while others still use them.
import 'sharp';
import { AppError, ERROR_STATUS, type ErrorCode } from '#domain/errors';
import { PHOTO_MESSAGES } from '#domain/photos';
import type { WorkersConfig } from '../config/workers.ts';
import type { DrawnSharedPage, HeavyWork, ReportPdf } from '../services/heavy-work.ts';
import { type ProcessedPhoto, processPhoto } from '../services/photo-processing.ts';
import { reportPdf } from '../services/report-layout.ts';
import { asBuffer, type HeavyJobName, transferable } from './heavy-jobs.ts';
import { drawSharedPage, loadPrerender } from './shared-page-drawing.ts';
import {
  type Lane,
  WorkerJobError,
  WorkerJobFailedError,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerPoolClosedError,
} from './worker-pool.ts';
import { startWorker } from './worker-thread.ts';

/**
 * The server's heavy work (services/heavy-work.ts) on a pool of worker threads (docs/decisions/0041),
 * made once by composition.ts from WORKER_THREADS and WORKER_QUEUE_MAX and closed with the app:
 * reports in the long lane, photos and verified shared pages in the short one. With WORKER_THREADS=0
 * the same work runs on the event loop (benchmarks compare the two).
 */

export interface HeavyWorkPool extends HeavyWork {
  /** Jobs running, and waiting for a thread (the metrics' queue sizes). */
  readonly running: number;
  readonly waiting: number;
  /** Stops the threads; jobs not finished fail with 503. */
  close(): Promise<void>;
}

/**
 * How long a job may hold its thread. A report of 500 long tasks and 2,000 trail entries took 3 s on
 * a free core; a machine busy ten times over still finishes it well inside two minutes, and a HEIC
 * of 50 megapixels inside half a minute. Past that the thread is stopped and the request fails.
 */
const TIME_LIMIT_MS: Record<Lane, number> = { long: 120_000, short: 30_000 };

/**
 * Photos may wait in a queue four times WORKER_QUEUE_MAX: each takes a fraction of a second (a
 * 12-megapixel JPEG 150 ms of a free core) and holds at most 5 MB while it waits, where a report
 * takes seconds and holds its data and scaled photos.
 */
const PHOTO_QUEUE_FACTOR = 4;

/**
 * A thread's JavaScript heap at most: a report of 500 long tasks peaked at 160 MB (pdfkit keeps every
 * page until the end); a job that needs more ends its own thread, not the server.
 */
const THREAD_HEAP_MB = 512;

const BUSY_MESSAGE = 'The server is busy with other reports and photos. Please try again in a moment.';
const CLOSED_MESSAGE = 'The server is restarting. Please try again in a moment.';

/** The threads' entry: heavy-work-worker beside this module (tests give one of their own). */
const ENTRY = { name: 'heavy-work-worker', beside: import.meta.url };

export function createHeavyWork(config: WorkersConfig, entry = ENTRY): HeavyWorkPool {
  if (config.threads === 0) return onTheEventLoop();
  const pool = new WorkerPool({
    size: config.threads,
    queueMax: { long: config.queueMax, short: config.queueMax * PHOTO_QUEUE_FACTOR },
    timeLimitMs: TIME_LIMIT_MS,
    spawn: () => startWorker(entry.name, entry.beside, { maxOldGenerationSizeMb: THREAD_HEAP_MB }),
  });
  const run = async <T>(name: HeavyJobName, input: unknown, lane: Lane, transfer: ArrayBuffer[] = []) => {
    try {
      return await pool.run<T>(name, input, { lane, transfer });
    } catch (error) {
      // Retryable: the client is told when to come back (503 with Retry-After).
      if (error instanceof WorkerPoolBusyError) throw new AppError('service_unavailable', BUSY_MESSAGE);
      if (error instanceof WorkerPoolClosedError) throw new AppError('service_unavailable', CLOSED_MESSAGE);
      throw appErrorOf(error) ?? error;
    }
  };
  return {
    async reportPdf(input) {
      // The scaled photos are handed over, not copied (report.ts gives each its own memory).
      const photos = [...input.images.values()].map((image) => image.bytes);
      const pdf = await run<{ bytes: Uint8Array; sha256: string; pdfSha256: string }>(
        'report-pdf',
        input,
        'long',
        transferable(photos),
      );
      return { bytes: asBuffer(pdf.bytes), sha256: pdf.sha256, pdfSha256: pdf.pdfSha256 } satisfies ReportPdf;
    },
    async processPhoto(bytes) {
      // The upload is handed over, not copied: nothing reads it after (services/photos.ts).
      const photo = await run<ProcessedPhoto>('process-photo', bytes, 'short', transferable([bytes])).catch(
        (error: unknown) => {
          // A file whose processing killed its thread (out of memory, past 30 s) is not one we take:
          // 415, which the web client's queue gives up on, not a 5xx it would send again and again.
          if (error instanceof WorkerJobFailedError) {
            throw new AppError('unsupported_file_type', PHOTO_MESSAGES.invalidType);
          }
          throw error;
        },
      );
      return {
        ...photo,
        display: { ...photo.display, bytes: asBuffer(photo.display.bytes) },
        thumb: { ...photo.thumb, bytes: asBuffer(photo.thumb.bytes) },
      };
    },
    drawSharedPage: (input) => run<DrawnSharedPage>('shared-page', input, 'short'),
    async prepareSharedPages(input) {
      // One job per thread, sent at once: the pool starts a thread for each (worker-pool.ts #start).
      const loads = Array.from({ length: config.threads }, () => run('shared-page-load', input, 'short'));
      await Promise.allSettled(loads);
    },
    get running() {
      return pool.running;
    },
    get waiting() {
      return pool.waiting;
    },
    close: () => pool.close(),
  };
}

/** An AppError the job threw on its thread (a photo refused), as the same AppError here. */
function appErrorOf(error: unknown): AppError | null {
  if (!(error instanceof WorkerJobError)) return null;
  const { code, extra } = (error.data ?? {}) as { code?: string; extra?: Record<string, unknown> };
  return code && code in ERROR_STATUS ? new AppError(code as ErrorCode, error.message, extra) : null;
}

function onTheEventLoop(): HeavyWorkPool {
  return {
    reportPdf,
    processPhoto,
    drawSharedPage,
    prepareSharedPages: (input) => loadPrerender(input).catch(() => undefined),
    running: 0,
    waiting: 0,
    close: async () => {},
  };
}
