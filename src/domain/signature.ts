/**
 * A signature given at submit (issue 34, decision 0059): drawn with a finger on a pad, or the signer's
 * name typed instead. The bounds both sides read (the pad stops taking ink at them, the server refuses
 * past them), the shapes the API answers and the rule for a drawing that holds enough ink. Free of zod:
 * the shared page imports it (the schemas are in signature-input.ts and signature-response.ts).
 */

export const SIGNATURE_KINDS = ['drawn', 'typed'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export const SIGNATURE_LIMITS = {
  /** The signer's name, typed or given beside a drawing. */
  nameMax: 120,
  /** The pad's box in CSS pixels: a phone's width at the least, a wide screen's at the most. */
  boxMin: 40,
  boxMax: 2_000,
  strokesMax: 60,
  pointsPerStrokeMax: 1_000,
  pointsMax: 5_000,
  /** Fewer points than this is a tap or a slip, not a signature. */
  inkPointsMin: 4,
} as const;

export type SignaturePoint = [x: number, y: number];

/** A drawn signature as the pad made it: strokes of points in a box of width × height CSS pixels. */
export interface SignatureDrawing {
  width: number;
  height: number;
  strokes: SignaturePoint[][];
}

/** The body's `signature` of POST /api/checklists/{id}/submit. */
export type SignatureSubmission =
  | { kind: 'typed'; name: string }
  | { kind: 'drawn'; name: string; width: number; height: number; strokes: SignaturePoint[][] };

/** The latest signature as a checklist answer carries it (no strokes: GET …/signature has them). */
export interface ChecklistSignature {
  kind: SignatureKind;
  signerName: string;
  signedAt: string;
}

/** GET /api/checklists/{id}/signature: the latest signature, with the drawing when it was drawn. */
export interface SignatureDetail extends ChecklistSignature {
  drawing: SignatureDrawing | null;
}

export const SIGNATURE_MESSAGES = {
  required: 'This checklist must be signed when it is submitted: send a signature.',
  nameRequired: "Write the signer's name",
  nameTooLong: `The signer's name can be at most ${SIGNATURE_LIMITS.nameMax} characters`,
  tooManyStrokes: `A signature can have at most ${SIGNATURE_LIMITS.strokesMax} strokes`,
  strokeTooLong: `A stroke can have at most ${SIGNATURE_LIMITS.pointsPerStrokeMax} points`,
  tooManyPoints: `A signature can have at most ${SIGNATURE_LIMITS.pointsMax} points`,
  outsideBox: 'Every point must lie within the signature box (0 to width, 0 to height)',
  noInk: 'The signature is empty: draw it, or type the name instead',
} as const;

/** Every point of the drawing, counted. */
export function pointsOf(strokes: readonly (readonly unknown[])[]): number {
  return strokes.reduce((sum, stroke) => sum + stroke.length, 0);
}

/** Whether the drawing holds enough ink to be a signature (the pad's 'Sign' waits for it). */
export function hasInk(strokes: readonly (readonly unknown[])[]): boolean {
  return pointsOf(strokes) >= SIGNATURE_LIMITS.inkPointsMin;
}
