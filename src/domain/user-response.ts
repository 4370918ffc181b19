import { z } from 'zod';
import type { Expect, Same } from './schema-types.ts';
import { LanguageCodeSchema } from './translation-response.ts';
import type { AuthMeResponse, User } from './user.ts';

/** The answers about the signed-in user as zod (docs/api.md "Sign-in and account"); types in user.ts. */

export const UserSchema = z
  .strictObject({
    uid: z.string(),
    email: z.string(),
    displayName: z.string(),
    language: LanguageCodeSchema,
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'User', description: 'A signed-in user' });

/** GET /api/auth/me */
export const AuthMeSchema = z
  .strictObject({ user: UserSchema.nullable() })
  .meta({ id: 'AuthMeResponse', description: 'The signed-in user, or null' });

/** POST /api/user/register and POST /api/dev/login: the user now signed in. */
export const SignedInUserSchema = z
  .strictObject({ user: UserSchema })
  .meta({ id: 'SignedInUser', description: 'The user now signed in' });

export type UserSchemasMatchTypes = [
  Expect<Same<z.infer<typeof UserSchema>, User>>,
  Expect<Same<z.infer<typeof AuthMeSchema>, AuthMeResponse>>,
];
