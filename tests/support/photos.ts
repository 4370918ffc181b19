import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** A photo as a camera or a phone would send it: a coloured picture of the given size. */
export function testPicture(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });
}

export async function testJpeg(width = 1200, height = 900): Promise<Buffer> {
  return testPicture(width, height).jpeg({ quality: 85 }).toBuffer();
}

/**
 * POST the bytes as the multipart field `photo`, with this cookie header (or none), to the task's proof
 * photo route, or with `route: 'reference-photo'` to its reference photo route.
 */
export function uploadPhoto(
  app: FastifyInstance,
  cookie: string | null,
  checklistId: string,
  taskId: string,
  bytes: Buffer,
  {
    filename = 'photo.jpg',
    type = 'image/jpeg',
    field = 'photo',
    remoteAddress = '203.0.113.9',
    route = 'photo',
    idempotencyKey,
    fields = {},
  }: {
    filename?: string;
    type?: string;
    field?: string;
    remoteAddress?: string;
    route?: 'photo' | 'reference-photo';
    idempotencyKey?: string;
    /** Text fields sent before the file (capture source, location), as the photo dialog sends them. */
    fields?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return app.inject({
    method: 'POST',
    url: `/api/checklists/${checklistId}/tasks/${taskId}/${route}`,
    remoteAddress,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: form,
  });
}

/** The photo files under a directory (relative paths; the disk store's ~meta.json sidecars left out). */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(current: string) {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (!entry.name.endsWith('~meta.json')) found.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return found.sort();
}
