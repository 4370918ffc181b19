import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** The users table: owners, found by their sign-in identity or e-mail. */

type UserRow = typeof users.$inferSelect;
type UserChanges = Partial<typeof users.$inferInsert>;

export async function findUserByIdentity(db: Database, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The user's id when there is such a user (an id from elsewhere, checked as text). */
export async function existingUserId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`${users.id} = ${userId}`);
  return row?.id ?? null;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Changes a user; `updatedAt` is now unless the changes say otherwise. Undefined: no such user. */
export async function updateUser(db: Database, userId: string, changes: UserChanges) {
  const [row] = await db
    .update(users)
    .set({ updatedAt: sql`now()`, ...changes })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The user's row locked until the transaction ends (what one person does at once queues here). */
export async function lockUser(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return Boolean(row);
}
