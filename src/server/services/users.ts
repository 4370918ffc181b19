import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '#domain/languages';
import { splitDisplayName, type User } from '#domain/user';
import type { UserRegistrationInput } from '#domain/user-input';
import type { VerifiedIdentity } from '../adapters/identity/oidc-client.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { newId } from '../ids.ts';

/** A language column as read (written only through validated input; 'en' if it ever were not). */
export function asLanguage(value: string): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

const toUser = (row: typeof users.$inferSelect): User => ({
  uid: row.id,
  email: row.email,
  displayName: row.displayName,
  language: asLanguage(row.language),
});

/**
 * Finds the user of this identity, or links a user with the same verified e-mail, or creates one;
 * then records what the provider said now (e-mail, name, picture) and the sign-in time.
 */
export async function upsertUserFromIdentity(
  db: Database,
  identity: VerifiedIdentity,
  now = new Date(),
): Promise<User> {
  const email = identity.email.trim().toLowerCase();
  const names = splitDisplayName(identity.displayName);
  const fields = {
    email,
    displayName: identity.displayName.trim(),
    firstName: names.firstName,
    lastName: names.lastName,
    updatedAt: now,
    lastSignInAt: now,
    ...(identity.pictureUrl ? { profileImageUrl: identity.pictureUrl } : {}),
  };

  return db.transaction(async (tx) => {
    const [byIdentity] = await tx
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
      .limit(1);
    if (byIdentity) {
      const [updated] = await tx.update(users).set(fields).where(eq(users.id, byIdentity.id)).returning();
      return toUser(updated ?? byIdentity);
    }

    const [byEmail] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (byEmail) {
      // Linking two identities by e-mail is safe only when the provider verified the address.
      if (!identity.emailVerified) {
        throw new AppError(
          'sign_in_failed',
          'An account with this e-mail already exists, and the provider did not confirm you own the address.',
        );
      }
      const [linked] = await tx
        .update(users)
        .set({ ...fields, oidcIssuer: identity.issuer, oidcSubject: identity.subject })
        .where(eq(users.id, byEmail.id))
        .returning();
      return toUser(linked ?? byEmail);
    }

    const [created] = await tx
      .insert(users)
      .values({
        id: newId('user'),
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        createdAt: now,
        ...fields,
      })
      .returning();
    if (!created) throw new Error('user insert returned nothing');
    return toUser(created);
  });
}

/**
 * The spec's registration call: the client reports the user's profile after each sign-in. Only the
 * session's own user may be registered; the e-mail stays the one the provider verified.
 */
export async function registerUser(
  db: Database,
  sessionUser: User,
  input: UserRegistrationInput,
): Promise<User> {
  if (input.userId !== sessionUser.uid) {
    throw new AppError('forbidden', 'You can only register your own account.');
  }
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.profileImageUrl !== undefined ? { profileImageUrl: input.profileImageUrl || null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, sessionUser.uid))
    .returning();
  if (!row) throw new AppError('unauthenticated', 'Please sign in again.');
  return toUser(row);
}

/** PUT /api/user/{uid}/language: the language the owner writes in and reads remarks in. */
export async function setUserLanguage(
  db: Database,
  userId: string,
  language: LanguageCode,
): Promise<{ language: LanguageCode }> {
  const [row] = await db
    .update(users)
    .set({ language, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ language: users.language });
  if (!row) throw new AppError('unauthenticated', 'Please sign in again.');
  return { language: asLanguage(row.language) };
}
