import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { AvatarFetcher } from '../adapters/identity/avatar-fetcher.ts';
import type { Database } from '../db/client.ts';
import { findAvatarSource, saveAvatar } from '../repositories/avatars.ts';

/** The header's picture: square, twice the 40 px it is drawn at (sharp on high-density screens). */
export const AVATAR_PIXELS = 96;
/** A copy is fetched again after a week (providers change pictures); a failure is tried again after an hour. */
export const AVATAR_REFRESH_MS = 7 * 24 * 3_600_000;
export const AVATAR_RETRY_MS = 3_600_000;
/** Larger than any profile picture; refuses decompression bombs before they are decoded. */
const MAX_INPUT_PIXELS = 4096 * 4096;

export interface Avatar {
  image: Buffer;
  etag: string;
}

function withEtag(image: Buffer): Avatar {
  return { image, etag: `"${createHash('sha256').update(image).digest('base64url').slice(0, 22)}"` };
}

/** Decodes what the provider sent (anything that is not a picture fails here) and makes the header's copy. */
async function headerCopy(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * The signed-in owner's picture, or null (none from the provider, or it could not be fetched): the
 * kept copy while it is fresh, else fetched again. A failed refresh keeps serving the older copy.
 */
export async function ownAvatar(
  db: Database,
  fetcher: AvatarFetcher,
  log: FastifyBaseLogger,
  userId: string,
  now = new Date(),
): Promise<Avatar | null> {
  const row = await findAvatarSource(db, userId);
  if (!row?.sourceUrl) return null;
  const sameSource = row.keptFrom === row.sourceUrl;
  const kept = sameSource && row.image ? row.image : null;
  const age = row.fetchedAt ? now.getTime() - row.fetchedAt.getTime() : Number.POSITIVE_INFINITY;
  if (kept && age < AVATAR_REFRESH_MS) return withEtag(kept);
  const sinceFailure = row.failedAt ? now.getTime() - row.failedAt.getTime() : Number.POSITIVE_INFINITY;
  if (sameSource && sinceFailure < AVATAR_RETRY_MS) return kept ? withEtag(kept) : null;

  try {
    const image = await headerCopy(await fetcher.fetch(row.sourceUrl));
    await saveAvatar(db, { userId, sourceUrl: row.sourceUrl, image, fetchedAt: now, failedAt: null });
    return withEtag(image);
  } catch (error) {
    // The host only: the address may carry the provider's tokens.
    const host = URL.canParse(row.sourceUrl) ? new URL(row.sourceUrl).host : 'unparsable address';
    log.warn({ host, reason: (error as Error).message }, 'profile picture not fetched');
    await saveAvatar(db, {
      userId,
      sourceUrl: row.sourceUrl,
      image: kept,
      fetchedAt: kept && row.fetchedAt ? row.fetchedAt : now,
      failedAt: now,
    });
    return kept ? withEtag(kept) : null;
  }
}
