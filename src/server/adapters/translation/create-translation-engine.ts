import type { TranslationConfig } from '../../config/translation.ts';
import { createApertiumEngine } from './apertium.ts';
import { createDeepLEngine } from './deepl.ts';
import { createGoogleEngine } from './google.ts';
import { createLibreTranslateEngine } from './libretranslate.ts';
import { createNoTranslationEngine } from './no-translation.ts';
import type { TranslationEngine } from './translation-engine.ts';

/** The engine config chose; texts never go anywhere else. */
export function createTranslationEngine(config: TranslationConfig): TranslationEngine {
  switch (config.kind) {
    case 'libretranslate':
      return createLibreTranslateEngine(config);
    case 'deepl':
      return createDeepLEngine(config);
    case 'google':
      return createGoogleEngine(config);
    case 'apertium':
      return createApertiumEngine(config);
    case 'none':
      return createNoTranslationEngine();
  }
}
