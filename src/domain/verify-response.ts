import { z } from 'zod';
import { IsoDateTime } from './checklist-response.ts';
import type { Expect, Same } from './schema-types.ts';
import type { FileCheckResponse } from './verify.ts';

/** POST /api/verify: exactly these keys, so the answer can carry nothing about whose file it was. */
export const FileCheckResponseSchema = z
  .discriminatedUnion('match', [
    z.strictObject({
      match: z.literal(true),
      kind: z.enum(['photo', 'report']),
      recordedAt: IsoDateTime,
    }),
    z.strictObject({ match: z.literal(false) }),
  ])
  .meta({
    id: 'FileCheckResponse',
    description: 'Whether ListSync recorded a file with this SHA-256: a photo or a report, and when first',
  });

export type FileCheckSchemasMatchTypes = [
  Expect<Same<z.infer<typeof FileCheckResponseSchema>, FileCheckResponse>>,
];
