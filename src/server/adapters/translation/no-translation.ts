import type { TranslationEngine } from './translation-engine.ts';
import { TranslationError } from './translation-engine.ts';

/** TRANSLATION_PROVIDER=none (or nothing set up): no pair is supported and no text leaves. */
export function createNoTranslationEngine(): TranslationEngine {
  return {
    name: 'none',
    limits: { maxTexts: 1, maxChars: 1 },
    describe: () => 'none',
    supports: async () => false,
    translate: async () => {
      throw new TranslationError('unsupported');
    },
  };
}
