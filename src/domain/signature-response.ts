import { z } from 'zod';
import { ChecklistSignatureSchema } from './checklist-response.ts';
import type { Expect, Same } from './schema-types.ts';
import type { SignatureDetail } from './signature.ts';

/**
 * GET /api/checklists/{id}/signature as zod (docs/api.md "Signature at submit"); the checklist's own
 * `signature` field is ChecklistSignatureSchema, beside the checklist's schema.
 */

export const SignatureDetailSchema = z
  .strictObject({
    ...ChecklistSignatureSchema.shape,
    drawing: z
      .strictObject({
        width: z.number(),
        height: z.number(),
        strokes: z.array(z.array(z.tuple([z.number(), z.number()]))),
      })
      .nullable()
      .describe(
        'The strokes of a drawn signature, as [x, y] points in a box of width × height; null when typed',
      ),
  })
  .meta({ id: 'SignatureDetail', description: "A checklist's latest signature, with its drawing" });

export type SignatureSchemasMatchTypes = Expect<Same<z.infer<typeof SignatureDetailSchema>, SignatureDetail>>;
