import { withoutBidiControls } from '#domain/display-text';
import { AppError } from '#domain/errors';
import type { LanguageCode } from '#domain/languages';
import { splitDisplayName, type User } from '#domain/user';
import type { UserRegistrationInput } from '#domain/user-input';
import type { VerifiedIdentity } from '../adapters/identity/oidc-client.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { asLanguage, presentUserRow } from '../presenters/users.ts';
import { findUserByEmail, findUserByIdentity, insertUser, updateUser } from '../repositories/users.ts';
import { ensureTeam } from './teams.ts';

function signInAgain(): AppError {
  return new AppError('unauthenticated', 'Please sign in again.');
}

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
  // The provider's name is shown to recipients ('Shared by …'): no bidi controls (display-text.ts).
  const displayName = withoutBidiControls(identity.displayName).trim();
  const names = splitDisplayName(displayName);
  const fields = {
    email,
    displayName,
    firstName: names.firstName,
    lastName: names.lastName,
    updatedAt: now,
    lastSignInAt: now,
    ...(identity.pictureUrl ? { profileImageUrl: identity.pictureUrl } : {}),
  };

  return db.transaction(async (tx) => {
    const byIdentity = await findUserByIdentity(tx, identity.issuer, identity.subject);
    if (byIdentity) {
      return presentUserRow((await updateUser(tx, byIdentity.id, fields)) ?? byIdentity);
    }

    const byEmail = await findUserByEmail(tx, email);
    if (byEmail) {
      // Linking two identities by e-mail is safe only when the provider verified the address.
      if (!identity.emailVerified) {
        throw new AppError(
          'sign_in_failed',
          'An account with this e-mail already exists, and the provider did not confirm you own the address.',
        );
      }
      const linked = await updateUser(tx, byEmail.id, {
        ...fields,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      });
      return presentUserRow(linked ?? byEmail);
    }

    const created = await insertUser(tx, {
      id: newId('user'),
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
      createdAt: now,
      ...fields,
    });
    // Everyone has a team from the first sign-in, named after them (docs/teams.md).
    await ensureTeam(tx, { uid: created.id, email: created.email, displayName: created.displayName }, now);
    return presentUserRow(created);
  });
}

/**
 * The spec's registration call: the client reports the user's profile after each sign-in. Only the
 * session's own user may be registered; the e-mail stays the one the provider verified, and so does the
 * picture: `profileImageUrl` is checked (https) but never stored, so the client's null never erases
 * what the provider gave, and the server only ever fetches an address the provider named.
 */
export async function registerUser(
  db: Database,
  sessionUser: User,
  input: UserRegistrationInput,
): Promise<User> {
  if (input.userId !== sessionUser.uid) {
    throw new AppError('forbidden', 'You can only register your own account.');
  }
  const row = await updateUser(db, sessionUser.uid, {
    firstName: input.firstName,
    lastName: input.lastName,
  });
  if (!row) throw signInAgain();
  return presentUserRow(row);
}

/** PUT /api/user/{uid}/language: the language the owner writes in and reads remarks in. */
export async function setUserLanguage(
  db: Database,
  userId: string,
  language: LanguageCode,
): Promise<{ language: LanguageCode }> {
  const row = await updateUser(db, userId, { language });
  if (!row) throw signInAgain();
  return { language: asLanguage(row.language) };
}
