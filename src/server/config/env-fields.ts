import { z } from 'zod';

/**
 * The kinds of value the settings share. Every setting is text in the environment; a blank one counts
 * as unset, so `FOO=` in a compose file means the same as no FOO at all.
 */

export const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An http or https address, or unset. */
export const optionalHttpUrl = optionalText.pipe(z.url({ protocol: /^https?$/ }).optional());

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
