import type { SharedPageDrawing, SharedPagePrerender } from '../services/heavy-work.ts';
import { processPhoto } from '../services/photo-processing.ts';
import type { ReportData, ReportImage } from '../services/report-data.ts';
import { reportPdf } from '../services/report-layout.ts';
import { drawSharedPage, loadPrerender } from './shared-page-drawing.ts';

/**
 * The jobs a heavy-work thread runs (heavy-work-worker.ts), by name: pure CPU on what they are sent,
 * no database and no files. Bytes arrive as Uint8Array (a Buffer does not survive the copy between
 * threads as one) and leave handed over, not copied, when their memory is their own (else copied).
 */

/** A job's output, and the memory handed back with it. */
export interface JobDone {
  output: unknown;
  transfer: ArrayBuffer[];
}

/** Bytes as a Buffer over the same memory (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The memory of these byte arrays that may be handed to another thread: only an ArrayBuffer each
 * one fills alone (never Node's shared pool of small Buffers), each once.
 */
export function transferable(arrays: readonly Uint8Array[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const bytes of arrays) {
    const memory = bytes.buffer;
    if (memory instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === memory.byteLength) {
      buffers.add(memory);
    }
  }
  return [...buffers];
}

type Job = (input: never) => Promise<JobDone>;

export const HEAVY_JOBS = {
  /** services/report-layout.ts reportPdf: JSON, SHA-256, the pages (seconds for a large checklist). */
  async 'report-pdf'(input: { data: ReportData; images: Map<string, ReportImage> }) {
    const images = new Map<string, ReportImage>();
    for (const [taskId, image] of input.images)
      images.set(taskId, { ...image, bytes: asBuffer(image.bytes) });
    const pdf = await reportPdf({ data: input.data, images });
    return { output: pdf, transfer: transferable([pdf.bytes]) };
  },
  /** services/photo-processing.ts processPhoto: checked, decoded (HEIC too), written at two sizes. */
  async 'process-photo'(input: Uint8Array) {
    const photo = await processPhoto(asBuffer(input));
    return { output: photo, transfer: transferable([photo.display.bytes, photo.thumb.bytes]) };
  },
  /** shared-page-drawing.ts: a verified recipient's checklist drawn by the build's prerender. */
  async 'shared-page'(input: SharedPageDrawing) {
    return { output: await drawSharedPage(input), transfer: [] };
  },
  /** The same prerender loaded without a page (HeavyWork.prepareSharedPages, at start). */
  async 'shared-page-load'(input: SharedPagePrerender) {
    await loadPrerender(input);
    return { output: null, transfer: [] };
  },
} satisfies Record<string, Job>;

export type HeavyJobName = keyof typeof HEAVY_JOBS;
