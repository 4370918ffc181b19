import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import type { AvatarFetcher } from '../../adapters/identity/avatar-fetcher.ts';
import type { Database } from '../../db/client.ts';
import { ownAvatar } from '../../services/avatars.ts';
import { answers, binaryFile } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';

const SCHEMAS = {
  avatar: {
    tags: ['account'],
    // `v` names the provider's address the picture came from, so a new picture is a new URL.
    querystring: z.object({ v: z.string().max(64).optional() }),
    response: answers({ 200: binaryFile('image/webp', "The sign-in provider's picture, 96 x 96") }, [
      'unauthenticated',
      'not_found',
    ]),
  },
};

/** GET /api/user/avatar: the signed-in owner's own picture (services/avatars.ts); nobody else's. */
export async function avatarRoutes(
  app: FastifyInstance,
  { db, fetcher }: { db: Database; fetcher: AvatarFetcher },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/user/avatar', { schema: SCHEMAS.avatar }, async (request, reply) => {
    const user = await requireUser(request);
    const avatar = await ownAvatar(db, fetcher, request.log, user.uid);
    if (!avatar) throw new AppError('not_found', 'There is no profile picture for this account.');
    return reply
      .header('cache-control', 'private, max-age=86400')
      .header('etag', avatar.etag)
      .header('content-type', 'image/webp')
      .header('content-length', String(avatar.image.length))
      .header('x-content-type-options', 'nosniff')
      .send(avatar.image);
  });
}
