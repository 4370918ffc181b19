import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_MAX, TaskParams } from '#domain/checklist';
import { TaskSchema } from '#domain/checklist-response';
import { AppError } from '#domain/errors';
import { PhotoUploadFields } from '#domain/photo-evidence-input';
import { PHOTO_LIMITS } from '#domain/photos';
import { sha256HexInSlices } from '../../services/idempotency.ts';
import { photoTooLarge } from '../../services/photo-processing.ts';
import type { PhotoService, ReceiveUpload } from '../../services/photos.ts';
import type { ReferencePhotoService } from '../../services/reference-photos.ts';
import { claimInHandler } from '../plugins/idempotency.ts';
import { answers, binaryFile } from '../plugins/responses.ts';
import { authenticateFirst, callerOf } from '../plugins/session.ts';

const PhotoParams = z.object({ photoId: z.string().min(1).max(ID_MAX) });
const PhotoQuery = z.object({ size: z.enum(['display', 'thumb']).default('display') });

/** A photo upload (proof, or the owner's reference photo): multipart, one file in `photo`. */
const UPLOAD_SCHEMA = {
  tags: ['photos'],
  params: TaskParams,
  response: answers({ 200: TaskSchema }, [
    'unauthenticated',
    'not_found',
    'validation_failed',
    'file_too_large',
    'unsupported_file_type',
    'service_unavailable',
    'storage_full',
    // The team's plan has no room for it (docs/storage.md): nothing was stored.
    'storage_quota_exceeded',
  ]),
};

/** What each route takes and answers (the OpenAPI document and the tests' check of answers read them). */
const SCHEMAS = {
  upload: UPLOAD_SCHEMA,
  // The same upload, the same answers: only who may send it differs (the owner alone).
  referenceUpload: UPLOAD_SCHEMA,
  referenceRemove: {
    tags: ['photos'],
    params: TaskParams,
    response: answers({ 200: TaskSchema }, ['unauthenticated', 'not_found', 'validation_failed']),
  },
  photo: {
    tags: ['photos'],
    params: PhotoParams,
    querystring: PhotoQuery,
    response: answers({ 200: binaryFile('image/jpeg', 'The photo, re-encoded as JPEG') }, [
      'unauthenticated',
      'not_found',
    ]),
  },
};

/** How long a browser may keep a photo it was allowed to see (its URL changes when it is replaced). */
const PHOTO_CACHE = 'private, max-age=3600';

/**
 * A multipart body the parser could not read (truncated, another boundary, a broken part header) is the
 * client's fault: 400, never the 500 an unknown error would be. Limits keep their own answers.
 */
function unreadableMultipart(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (status !== undefined && status < 500 && code?.startsWith('FST_')))
    throw error;
  throw new AppError(
    'validation_failed',
    'The multipart body could not be read (cut short or malformed). Send the photo again, in the field "photo".',
  );
}

/**
 * The text fields sent before the file (the capture source, and the location only with consent),
 * checked by the domain's schema: a bad value is 400 validation_failed, naming the field.
 */
function evidenceFields(fields: Record<string, unknown> | undefined): PhotoUploadFields {
  const text: Record<string, string> = {};
  for (const name of ['captureSource', 'latitude', 'longitude', 'accuracy'] as const) {
    const part = fields?.[name];
    const one = Array.isArray(part) ? part[0] : part;
    if (one && typeof one === 'object' && 'value' in one && typeof one.value === 'string')
      text[name] = one.value;
  }
  const parsed = PhotoUploadFields.safeParse(text);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('validation_failed', issues[0]?.message ?? 'The photo fields are not valid.', {
    issues,
  });
}

/** The upload's bytes from the multipart body, never beyond the limit, and the fields sent before it. */
async function readPhotoField(
  request: FastifyRequest,
): Promise<{ field: string; bytes: Buffer; evidence: PhotoUploadFields }> {
  let upload: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    upload = request.isMultipart() ? await request.file() : undefined;
  } catch (error) {
    unreadableMultipart(error);
  }
  if (upload?.fieldname !== 'photo') {
    throw new AppError('validation_failed', 'Send the photo as multipart form data, in the field "photo".');
  }
  const evidence = evidenceFields(upload.fields);
  let bytes: Buffer;
  try {
    bytes = await upload.toBuffer();
  } catch (error) {
    unreadableMultipart(error);
  }
  if (upload.file.truncated) throw photoTooLarge();
  return { field: upload.fieldname, bytes, evidence };
}

/**
 * The upload's bytes for the service to read once the task is in reach, with its Idempotency-Key
 * claimed; null when the kept answer of the same upload was sent instead.
 */
function receiveUpload(request: FastifyRequest, reply: FastifyReply): ReceiveUpload {
  return async () => {
    const { field, bytes, evidence } = await readPhotoField(request);
    // A retry's multipart framing differs: its key is matched on the field and the file's bytes.
    const sha256 = await sha256HexInSlices(bytes);
    const answered = await claimInHandler(request, reply, { field, sha256 });
    return answered ? null : { bytes, evidence };
  };
}

/**
 * Photo proof (docs/api.md "Photos"): upload for the owner or a verified recipient, and the only way
 * to see a photo, for the same people. The owner's reference photos (what good looks like, never
 * proof) go through the same upload. Multipart is accepted by these routes alone.
 */
export async function photoRoutes(
  app: FastifyInstance,
  { photos, references }: { photos: PhotoService; references: ReferencePhotoService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  authenticateFirst(app);
  await app.register(multipart, {
    limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  routes.post(
    '/api/checklists/:id/tasks/:taskId/photo',
    // The file is read only once the task is known to be in reach, and never beyond 5 MB.
    {
      schema: SCHEMAS.upload,
      config: { recipients: true, idempotent: 'in-handler', apiScope: 'checklists:write' },
      bodyLimit: PHOTO_LIMITS.maxBytes + 64 * 1024,
    },
    async (request, reply) => {
      const { id, taskId } = request.params;
      const task = await photos.upload(callerOf(request), id, taskId, receiveUpload(request, reply));
      // null: the stored answer of this same upload was sent (nothing stored again).
      return task ?? reply;
    },
  );

  // Owner routes (no `recipients`): a recipient's cookie alone answers 401, as on every owner route.
  routes.post(
    '/api/checklists/:id/tasks/:taskId/reference-photo',
    {
      schema: SCHEMAS.referenceUpload,
      config: { idempotent: 'in-handler', apiScope: 'checklists:write' },
      bodyLimit: PHOTO_LIMITS.maxBytes + 64 * 1024,
    },
    async (request, reply) => {
      const { id, taskId } = request.params;
      const task = await references.upload(callerOf(request), id, taskId, receiveUpload(request, reply));
      return task ?? reply;
    },
  );

  routes.delete(
    '/api/checklists/:id/tasks/:taskId/reference-photo',
    { schema: SCHEMAS.referenceRemove, config: { apiScope: 'checklists:write' } },
    async (request) => {
      const { id, taskId } = request.params;
      return references.remove(callerOf(request), id, taskId);
    },
  );

  routes.get(
    '/api/photos/:photoId',
    { schema: SCHEMAS.photo, config: { recipients: true, apiScope: 'checklists:read' } },
    async (request, reply) => {
      const { photoId } = request.params;
      const file = await photos.open(callerOf(request), photoId, request.query.size);
      return reply
        .header('cache-control', PHOTO_CACHE)
        .header('content-type', file.contentType)
        .header('content-length', String(file.contentLength))
        .header('content-disposition', `inline; filename="${photoId}.jpg"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
