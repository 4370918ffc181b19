// One measurement of scripts/bench-report.mjs, in a fresh process: a 50-task checklist with 50 photos
// (each a 1600x1200 display copy, as the photo pipeline stores them) and a trail of 150 entries, in an
// in-memory database; a one-task report rendered first to warm the libraries up, then the 50 measured. Prints one JSON line.
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/client.ts';
import { checklists, photos, tasks, users } from '../src/server/db/schema/index.ts';
import { recordActivity } from '../src/server/repositories/activity.ts';
import { photoUrlOf } from '../src/server/repositories/photos.ts';
import { renderChecklistReport } from '../src/server/services/report.ts';
import { reportPdf } from '../src/server/services/report-layout.ts';
import { ensureTeam } from '../src/server/services/teams.ts';

const TASKS = 50;

/** A display copy like a phone photo's: 1600x1200, a gradient with noise so it compresses like one. */
async function displayJpeg(seedStart: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = seedStart;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed >> 16) & 31;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width + noise;
    pixels[i + 1] = (y * 255) / height + noise;
    pixels[i + 2] = ((seedStart * 37) % 128) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const database = await openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
const { db } = database;
const files = new Map<string, Buffer>();
const distinct = await Promise.all([1, 2, 3, 4, 5].map((seed) => displayJpeg(seed)));
await db.insert(users).values({ id: 'user_bench', email: 'bench@example.com', displayName: 'Bench Owner' });
// The team a first sign-in makes (its id is the user's).
const teamId = await ensureTeam(db, {
  uid: 'user_bench',
  email: 'bench@example.com',
  displayName: 'Bench Owner',
});
await db
  .insert(checklists)
  .values({ id: 'checklist_bench', userId: 'user_bench', teamId, name: 'Turnover: Harbour View apartment' });
for (let index = 0; index < TASKS; index++) {
  const photoId = `photo_${index}`;
  const key = `checklist_bench/${photoId}/display.jpg`;
  files.set(key, distinct[index % distinct.length] as Buffer);
  await db.insert(photos).values({
    id: photoId,
    teamId,
    checklistId: 'checklist_bench',
    taskId: `task_${index}`,
    displayKey: key,
    thumbKey: `${key}.thumb`,
    contentType: 'image/jpeg',
    width: 1600,
    height: 1200,
    sourceFormat: 'jpeg',
    originalBytes: 2_400_000,
    originalSha256: 'ab'.repeat(32),
    capturedAt: '2026-11-26T09:12:00',
  });
  await db.insert(tasks).values({
    checklistId: 'checklist_bench',
    id: `task_${index}`,
    position: index,
    description: `Task ${index + 1}: check and photograph the ${['kitchen', 'bathroom', 'bedroom', 'balcony', 'hallway'][index % 5]} area`,
    details:
      index % 3 === 0 ? 'Wipe every surface, restock supplies, and take a photo from the doorway.' : '',
    photoRequired: true,
    completed: true,
    completedAt: new Date(),
    photoUrl: photoUrlOf(photoId),
  });
  for (const action of ['task_completed', 'photo_added', 'remarks_changed'] as const) {
    await recordActivity(db, {
      checklistId: 'checklist_bench',
      shareId: null,
      action,
      ...(action !== 'remarks_changed' ? { taskId: `task_${index}` } : {}),
      ...(action === 'photo_added'
        ? { photo: { sha256: 'ab'.repeat(32), capturedAt: '2026-11-26T09:12:00' } }
        : {}),
    });
  }
}
const store = {
  async get(key: string) {
    const bytes = files.get(key);
    if (!bytes) return null;
    const { Readable } = await import('node:stream');
    return { body: Readable.from([bytes]), contentType: 'image/jpeg', contentLength: bytes.length };
  },
};
const access = { kind: 'owner' as const, userId: 'user_bench', teamId };

// Warm up the libraries (fonts, sharp, pdfkit) on a one-task checklist, not counted; let memory settle.
await db.insert(checklists).values({ id: 'checklist_warm', userId: 'user_bench', teamId, name: 'Warm-up' });
await db.insert(tasks).values({
  checklistId: 'checklist_warm',
  id: 'task_warm',
  position: 0,
  description: 'Warm up',
  completed: true,
  completedAt: new Date(),
  photoUrl: photoUrlOf('photo_0'),
});
// The work on this thread: the measure is of the report's own cost.
const work = { reportPdf };
const publicUrl = new URL('http://localhost:5173');
await renderChecklistReport({ db, store, work, publicUrl }, access, 'checklist_warm');
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 300));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 2);
const started = performance.now();
const report = await renderChecklistReport({ db, store, work, publicUrl }, access, 'checklist_bench');
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
if (process.env.REPORT_OUT) (await import('node:fs')).writeFileSync(process.env.REPORT_OUT, report.bytes);
await database.close();
console.info(
  JSON.stringify({
    ms: Math.round(elapsed),
    extraMb: Math.round((peak - baseline) / 1048576),
    baselineMb: Math.round(baseline / 1048576),
    pdfKb: Math.round(report.bytes.length / 1024),
    photoKb: Math.round((distinct[0]?.length ?? 0) / 1024),
  }),
);
