import { z } from 'zod';
import { SHA256_HEX, VERIFY_MESSAGES } from './verify.ts';

/** `POST /api/verify`: the file's SHA-256 alone (computed where the file is: it is never sent). */
export const FileCheckInput = z.strictObject({
  sha256: z
    .string({ error: VERIFY_MESSAGES.sha256 })
    .trim()
    .regex(SHA256_HEX, { error: VERIFY_MESSAGES.sha256 })
    .transform((value) => value.toLowerCase()),
});
export type FileCheckInput = z.infer<typeof FileCheckInput>;
