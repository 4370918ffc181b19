import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userAvatars, users } from '../db/schema/index.ts';

/** The provider's picture address of a user and the copy kept of it, if any (one statement). */
export async function findAvatarSource(db: Database, userId: string) {
  const [row] = await db
    .select({
      sourceUrl: users.profileImageUrl,
      keptFrom: userAvatars.sourceUrl,
      image: userAvatars.image,
      fetchedAt: userAvatars.fetchedAt,
      failedAt: userAvatars.failedAt,
    })
    .from(users)
    .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function saveAvatar(
  db: Database,
  row: { userId: string; sourceUrl: string; image: Buffer | null; fetchedAt: Date; failedAt: Date | null },
): Promise<void> {
  await db
    .insert(userAvatars)
    .values(row)
    .onConflictDoUpdate({
      target: userAvatars.userId,
      set: { sourceUrl: row.sourceUrl, image: row.image, fetchedAt: row.fetchedAt, failedAt: row.failedAt },
    });
}
