import sharp from 'sharp';
import { activityText } from '#domain/activity';
import type { PhotoStore } from '../adapters/storage/photo-store.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { checklistNotFound, type OwnerAccess } from '../policies/checklists.ts';
import { actorOf, presentActivityEntry } from '../presenters/activity.ts';
import type { TeamScope } from '../repositories/access.ts';
import { activityPage } from '../repositories/activity.ts';
import { insertIssuedReport } from '../repositories/issued-reports.ts';
import { photosOfChecklist } from '../repositories/photos.ts';
import { latestSignature } from '../repositories/signatures.ts';
import { readChecklist } from './checklists.ts';
import type { HeavyWork } from './heavy-work.ts';
import type { ReportData, ReportImage, ReportTask } from './report-layout.ts';
import { signatureDetailOf } from './signatures.ts';

/**
 * The completion report (docs/decisions/0023): one PDF per checklist that an owner can hand to anyone
 * (GET /api/checklists/{id}/report.pdf, and the notification e-mail's attachment). The checklist,
 * its status and progress, each task with who ticked it and when and its photo (the display copy,
 * scaled down), the remarks, the whole activity trail, and a verification line.
 *
 * The verification line's SHA-256 is of the report's data, not of the PDF (a file cannot carry its
 * own hash): the data is attached to the PDF as `report-data.json`, exactly the bytes hashed, so
 * anyone can detach it (`pdfdetach -saveall report.pdf`), hash it (`sha256sum report-data.json`), and
 * compare each photo's SHA-256 in it with the original file's.
 *
 * Every report made is recorded as issued (issued_reports: the SHA-256 of the PDF and of its data), so
 * that {PUBLIC_URL}/verify can tell anyone holding the file that ListSync issued it, and when
 * (decision 0060).
 */

/** The trail entries a report lists at most (newest first); a longer trail says how many it left out. */
export const REPORT_TRAIL_MAX = 2000;

/** Photos are scaled down to this many pixels on their longer side before they go into the PDF. */
const REPORT_PHOTO_PX = 720;
/** Photos read and scaled at once. */
const PHOTO_CONCURRENCY = 4;

export interface RenderedReport {
  bytes: Buffer;
  filename: string;
  /** SHA-256 (hex) of the report's data (`report-data.json` inside the PDF): the verification line's. */
  sha256: string;
  /** SHA-256 (hex) of the PDF itself, as recorded for /verify. */
  pdfSha256: string;
}

export interface ReportContext {
  db: Database;
  store: Pick<PhotoStore, 'get'>;
  /** Where the PDF is made: the worker pool (composition.ts), off the event loop (decision 0041). */
  work: Pick<HeavyWork, 'reportPdf'>;
  /** The service's public address: the report tells its reader to check it at {publicUrl}/verify. */
  publicUrl: URL;
}

/** 'Cabin turnover' → 'cabin-turnover-report-2026-11-26.pdf' (ASCII, safe in any header). */
export function reportFilename(name: string, at: Date): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'checklist'}-report-${at.toISOString().slice(0, 10)}.pdf`;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A copy of sharp's output in memory of its own: sharp's buffers cannot be handed to another thread,
 * a copy's can (the worker pool takes it without copying it again, and at once rather than all
 * together when the job is sent).
 */
function ownedCopy(bytes: Buffer): Buffer {
  const copy = Buffer.from(new ArrayBuffer(bytes.length));
  bytes.copy(copy);
  return copy;
}

/**
 * The display copy of each task's photo, scaled down (sharp: on libuv's threads, off the event loop);
 * a photo whose file is gone is left out.
 */
async function loadImages(
  store: ReportContext['store'],
  keys: { taskId: string; key: string }[],
): Promise<Map<string, ReportImage>> {
  const images = new Map<string, ReportImage>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const item = keys[next++];
      if (!item) break;
      const file = await store.get(item.key);
      if (!file) continue;
      const { data, info } = await sharp(await readAll(file.body))
        .resize(REPORT_PHOTO_PX, REPORT_PHOTO_PX, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer({ resolveWithObject: true });
      images.set(item.taskId, { bytes: ownedCopy(data), width: info.width, height: info.height });
    }
  };
  await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
  return images;
}

/** Who ticked each task last, as the trail (newest first) names them. */
function lastTickers(trail: NonNullable<Awaited<ReturnType<typeof activityPage>>>): Map<string, string> {
  const tickedBy = new Map<string, string>();
  // Newest first: the first tick seen of a task is its last.
  for (const row of trail.rows) {
    if (row.action === 'task_completed' && row.taskId && !tickedBy.has(row.taskId)) {
      const actor = actorOf(row, trail.owner);
      tickedBy.set(
        row.taskId,
        actor.kind === 'owner'
          ? `${actor.name} (owner)`
          : `${actor.name}${actor.maskedContact && actor.name !== actor.maskedContact ? ` (${actor.maskedContact})` : ''}`,
      );
    }
  }
  return tickedBy;
}

/** The report's data: what it says, before it is laid out. Null when the owner has no such checklist. */
export async function reportDataOf(
  db: Database,
  access: OwnerAccess | TeamScope,
  checklistId: string,
  now: Date,
  verifyUrl: string,
): Promise<{ data: ReportData; photoKeys: { taskId: string; key: string }[] } | null> {
  const [checklist, trail, photos, signature] = await Promise.all([
    readChecklist(db, access, checklistId),
    activityPage(db, access, checklistId, { limit: REPORT_TRAIL_MAX, before: null }),
    photosOfChecklist(db, checklistId),
    latestSignature(db, checklistId),
  ]);
  if (!checklist || !trail) return null;
  const ownerName = actorOf({ actorKind: 'owner' } as never, trail.owner).name;
  const tickedBy = lastTickers(trail);
  const photoKeys: { taskId: string; key: string }[] = [];
  const tasks: ReportTask[] = checklist.tasks.map((task) => {
    const photo = task.photoUrl ? photos.get(task.photoUrl) : undefined;
    if (photo) photoKeys.push({ taskId: task.id, key: photo.displayKey });
    return {
      id: task.id,
      description: task.description,
      details: task.details,
      photoRequired: task.photoRequired,
      completed: task.completed,
      completedAt: task.completedAt,
      tickedBy: task.completed ? (tickedBy.get(task.id) ?? null) : null,
      photo: photo
        ? {
            sha256: photo.originalSha256,
            capturedAt: task.photoCapturedAt,
            receivedAt: photo.receivedAt.toISOString(),
            id: photo.id,
            displaySha256: photo.displaySha256,
            captureSource: task.photoCaptureSource,
            location: task.photoLocation,
          }
        : null,
    };
  });
  const completedTasks = checklist.tasks.filter((task) => task.completed).length;
  // 2,000 trail entries against 500 tasks: a lookup each, not a search.
  const tasksById = new Map(checklist.tasks.map((task) => [task.id, task]));
  const data: ReportData = {
    format: 'listsync-report/1',
    generatedAt: now.toISOString(),
    checklist: {
      id: checklist.id,
      name: checklist.name,
      owner: ownerName,
      status: checklist.status,
      progress: checklist.progress,
      completedTasks,
      totalTasks: checklist.tasks.length,
      createdAt: checklist.createdAt,
      submittedAt: checklist.submittedAt,
      remarks: checklist.remarks,
      approvedAt: checklist.approvedAt,
      approvedBy: checklist.approvedBy?.displayName ?? null,
    },
    tasks,
    activity: trail.rows.map((row) => {
      const entry = presentActivityEntry(row, trail.owner);
      const task = entry.taskId ? tasksById.get(entry.taskId) : undefined;
      const text = activityText(entry, task?.description);
      return { ...entry, text };
    }),
    activityTruncated: trail.hasMore,
    verifyUrl,
    signature: signature ? signatureDetailOf(signature) : null,
  };
  return { data, photoKeys };
}

/** Where anyone checks a file of ours by its SHA-256: {PUBLIC_URL}/verify. */
export function verifyUrlOf(publicUrl: URL): string {
  return new URL('/verify', publicUrl).href;
}

/**
 * The checklist's completion report as a PDF, for its owner (anyone else: 404 not_found). Usable
 * beyond the route: the notification e-mail attaches `bytes` under `filename`. Every report made here
 * is recorded as issued before it is handed out (the one place both the download and the e-mail pass).
 */
export async function renderChecklistReport(
  context: ReportContext,
  access: OwnerAccess | TeamScope,
  checklistId: string,
  now = new Date(),
): Promise<RenderedReport> {
  const found = await reportDataOf(context.db, access, checklistId, now, verifyUrlOf(context.publicUrl));
  if (!found) throw checklistNotFound();
  const images = await loadImages(context.store, found.photoKeys);
  const { bytes, sha256, pdfSha256 } = await context.work.reportPdf({ data: found.data, images });
  await insertIssuedReport(context.db, { id: newId('report'), checklistId, pdfSha256, dataSha256: sha256 });
  return { bytes, filename: reportFilename(found.data.checklist.name, now), sha256, pdfSha256 };
}
