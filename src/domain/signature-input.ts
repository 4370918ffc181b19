import { z } from 'zod';
import { withoutBidiControls } from './display-text.ts';
import type { Expect, Same } from './schema-types.ts';
import {
  hasInk,
  pointsOf,
  SIGNATURE_LIMITS,
  SIGNATURE_MESSAGES,
  type SignatureSubmission,
} from './signature.ts';

/**
 * The signature a submit may carry (POST /api/checklists/{id}/submit, `signature`): typed, or drawn
 * on the pad. Bounded everywhere (name, box, strokes, points, every point inside the box), and a
 * drawing must hold some ink; anything else is 400 validation_failed naming the field.
 */

const SignerName = z
  .string({ error: SIGNATURE_MESSAGES.nameRequired })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: SIGNATURE_MESSAGES.nameRequired })
  .max(SIGNATURE_LIMITS.nameMax, { error: SIGNATURE_MESSAGES.nameTooLong });

const BoxSide = z.number().int().min(SIGNATURE_LIMITS.boxMin).max(SIGNATURE_LIMITS.boxMax);
const Coordinate = z.number().min(0).max(SIGNATURE_LIMITS.boxMax);

const TypedSignature = z.strictObject({ kind: z.literal('typed'), name: SignerName });

const DrawnSignature = z
  .strictObject({
    kind: z.literal('drawn'),
    name: SignerName,
    width: BoxSide,
    height: BoxSide,
    strokes: z
      .array(
        z
          .array(z.tuple([Coordinate, Coordinate]))
          .min(1, { error: SIGNATURE_MESSAGES.noInk })
          .max(SIGNATURE_LIMITS.pointsPerStrokeMax, { error: SIGNATURE_MESSAGES.strokeTooLong }),
      )
      .min(1, { error: SIGNATURE_MESSAGES.noInk })
      .max(SIGNATURE_LIMITS.strokesMax, { error: SIGNATURE_MESSAGES.tooManyStrokes }),
  })
  .superRefine((drawn, ctx) => {
    if (pointsOf(drawn.strokes) > SIGNATURE_LIMITS.pointsMax) {
      ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.tooManyPoints, path: ['strokes'] });
      return;
    }
    if (!hasInk(drawn.strokes)) {
      ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.noInk, path: ['strokes'] });
    }
    const outside = drawn.strokes.some((stroke) =>
      stroke.some(([x, y]) => x > drawn.width || y > drawn.height),
    );
    if (outside) ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.outsideBox, path: ['strokes'] });
  });

export const SignatureInput = z
  .discriminatedUnion('kind', [TypedSignature, DrawnSignature], {
    error: "Send a signature of kind 'drawn' or 'typed'",
  })
  .meta({
    id: 'SignatureInput',
    description:
      "A signature: {kind: 'typed', name}, or {kind: 'drawn', name, width, height, strokes} with strokes of [x, y] points within the box",
  });

export type SignatureInputMatchesType = Expect<Same<z.output<typeof SignatureInput>, SignatureSubmission>>;
