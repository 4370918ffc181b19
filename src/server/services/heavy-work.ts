import type { SharedPageAnswers } from '#domain/sharing';
import type { PublicConfig } from '#domain/site';
import type { ProcessedPhoto } from './photo-processing.ts';
import type { ReportData, ReportImage } from './report-data.ts';

/**
 * The CPU-heavy steps services hand off (docs/decisions/0041): each is pure work on its input, no
 * database and no files, so it can run in a worker thread (workers/heavy-work.ts, the pool that
 * composition.ts makes) while the event loop answers other requests. Each may fail with 503
 * `service_unavailable` when the pool's queue is full or the server is stopping, and otherwise
 * fails as the same work on this thread would (a photo refused: 413 or 415).
 */
export interface HeavyWork {
  /** The report's PDF, the SHA-256 of its data and of itself (report-layout.ts `reportPdf`). */
  reportPdf(input: { data: ReportData; images: Map<string, ReportImage> }): Promise<ReportPdf>;
  /**
   * A photo checked, decoded and written again at two sizes (photo-processing.ts `processPhoto`).
   * The bytes may be handed to another thread: the caller must not read them afterwards.
   */
  processPhoto(bytes: Buffer): Promise<ProcessedPhoto>;
  /**
   * A verified recipient's checklist drawn by the build's prerender (src/web/prerender.tsx
   * renderSharedChecklist) for the page that carries it (decision 0031); throws when it cannot be.
   */
  drawSharedPage(input: SharedPageDrawing): Promise<DrawnSharedPage>;
  /**
   * Loads the build's prerender on every thread that draws shared pages (called at start), so the
   * first recipient after a start does not wait for it (seconds on a busy machine). Resolves when
   * every thread has it or could not load it: a thread that failed loads it with its first page.
   */
  prepareSharedPages(input: SharedPagePrerender): Promise<void>;
}

/** The build's prerender bundle (dist/prerender/prerender.js) and the settings it is run with. */
export type SharedPagePrerender = Pick<SharedPageDrawing, 'modulePath' | 'publicConfig'>;

export interface SharedPageDrawing {
  /** The build's prerender bundle (dist/prerender/prerender.js) and the settings it was run with. */
  modulePath: string;
  publicConfig: PublicConfig;
  /** The request's path and query, and the answers the page carries. */
  path: string;
  search: string;
  answers: SharedPageAnswers;
}

/** The #root markup of the checklist and the page's title. */
export interface DrawnSharedPage {
  html: string;
  title: string | null;
}

export interface ReportPdf {
  bytes: Buffer;
  /** SHA-256 (hex) of `report-data.json` inside the PDF: the verification line's. */
  sha256: string;
  /** SHA-256 (hex) of the PDF's own bytes: what /verify finds the file by (decision 0060). */
  pdfSha256: string;
}
