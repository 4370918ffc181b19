import { gsm7Septets } from './gsm7.ts';

/**
 * What an SMS costs, counted as a carrier counts it (3GPP TS 23.038 / 23.040): a body written only in
 * GSM-7 (basic set and extension table) goes as 7-bit septets, 160 in one segment, 153 in each part of
 * a concatenated message (the rest of each part carries the header that joins them). One character
 * outside GSM-7 makes the whole body UCS-2: UTF-16 code units, 70 in one segment, 67 a part.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Parts the carrier sends and bills: 1 for an empty body. */
  segments: number;
  /** Septets (an extension-table character counts 2) or UTF-16 code units. */
  characters: number;
}

export const SMS_SEGMENT_LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/**
 * Parts needed when `costs` (one entry a character) are cut into parts of `capacity`: a character is
 * never split between two parts (an escape and its character, or a surrogate pair, stay together).
 */
function partsNeeded(costs: number[], capacity: number): number {
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > capacity) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return parts;
}

export function smsSegments(body: string): SmsSegments {
  const characters = [...body];
  const septets = characters.map(gsm7Septets);
  const encoding: SmsEncoding = septets.every((cost) => cost !== null) ? 'gsm7' : 'ucs2';
  const costs = encoding === 'gsm7' ? (septets as number[]) : characters.map((character) => character.length);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const limits = SMS_SEGMENT_LIMITS[encoding];
  const segments = total <= limits.single ? 1 : partsNeeded(costs, limits.part);
  return { encoding, segments, characters: total };
}
