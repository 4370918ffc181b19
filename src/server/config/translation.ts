import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { TRANSLATION_PROVIDERS } from '#domain/translation';
import { optionalHttpUrl, optionalText } from './env-fields.ts';
import { requireHttpsInProduction } from './settings-check.ts';

/**
 * TRANSLATION_PROVIDER and its settings (docs/api.md "Translation", docs/decisions/0009). Texts go only to an engine the
 * operator named or set up: unset, the engine whose settings are present, else Apertium when its
 * command is installed here (it runs on this machine), else none.
 */

export const TranslationEnv = z.object({
  TRANSLATION_PROVIDER: optionalText.pipe(z.enum(TRANSLATION_PROVIDERS).optional()),
  LIBRETRANSLATE_URL: optionalHttpUrl,
  LIBRETRANSLATE_API_KEY: optionalText,
  DEEPL_AUTH_KEY: optionalText,
  DEEPL_API_URL: optionalHttpUrl,
  GOOGLE_TRANSLATE_API_KEY: optionalText,
  GOOGLE_TRANSLATE_URL: optionalHttpUrl,
  /** Where Apertium's installed modes are listed (Debian's packages put them here). */
  APERTIUM_MODES_DIR: z.string().trim().min(1).default('/usr/share/apertium/modes'),
});
export type TranslationEnv = z.infer<typeof TranslationEnv>;

export type TranslationConfig =
  | { kind: 'libretranslate'; url: string; apiKey?: string }
  | { kind: 'deepl'; authKey: string; apiUrl: string }
  | { kind: 'google'; apiKey: string; url: string }
  /** `command`: the apertium executable found on PATH. */
  | { kind: 'apertium'; command: string; modesDir: string }
  | { kind: 'none' };

export const DEEPL_PRO_URL = 'https://api.deepl.com';
/** DeepL API Free keys end in ':fx' and are served only here. */
export const DEEPL_FREE_URL = 'https://api-free.deepl.com';
export const GOOGLE_TRANSLATE_DEFAULT_URL = 'https://translation.googleapis.com/language/translate/v2';

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** The first executable `name` on this PATH, or null. */
export function findOnPath(name: string, pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The engine to use. A named engine without its required setting is a problem naming it; so is an
 * https-only setting given as http in production (keys would travel in clear).
 */
export function translationConfig(
  e: TranslationEnv,
  pathVariable: string | undefined,
  production: boolean,
  problems: string[],
): TranslationConfig {
  const provider =
    e.TRANSLATION_PROVIDER ??
    (e.LIBRETRANSLATE_URL
      ? 'libretranslate'
      : e.DEEPL_AUTH_KEY
        ? 'deepl'
        : e.GOOGLE_TRANSLATE_API_KEY
          ? 'google'
          : findOnPath('apertium', pathVariable)
            ? 'apertium'
            : 'none');
  const requireSetting = (name: string, value: string | undefined): value is string => {
    if (value) return true;
    problems.push(`${name} is missing: TRANSLATION_PROVIDER=${provider} needs it`);
    return false;
  };
  const requireHttps = (name: string, url: string) =>
    requireHttpsInProduction({ production, problems }, name, url);

  switch (provider) {
    case 'libretranslate': {
      // A self-hosted LibreTranslate is often reached over a private network: http is allowed.
      if (!requireSetting('LIBRETRANSLATE_URL', e.LIBRETRANSLATE_URL)) return { kind: 'none' };
      return {
        kind: 'libretranslate',
        url: trimSlashes(e.LIBRETRANSLATE_URL),
        ...(e.LIBRETRANSLATE_API_KEY ? { apiKey: e.LIBRETRANSLATE_API_KEY } : {}),
      };
    }
    case 'deepl': {
      if (!requireSetting('DEEPL_AUTH_KEY', e.DEEPL_AUTH_KEY)) return { kind: 'none' };
      const apiUrl = e.DEEPL_API_URL ?? (e.DEEPL_AUTH_KEY.endsWith(':fx') ? DEEPL_FREE_URL : DEEPL_PRO_URL);
      requireHttps('DEEPL_API_URL', apiUrl);
      return { kind: 'deepl', authKey: e.DEEPL_AUTH_KEY, apiUrl: trimSlashes(apiUrl) };
    }
    case 'google': {
      if (!requireSetting('GOOGLE_TRANSLATE_API_KEY', e.GOOGLE_TRANSLATE_API_KEY)) return { kind: 'none' };
      const url = e.GOOGLE_TRANSLATE_URL ?? GOOGLE_TRANSLATE_DEFAULT_URL;
      requireHttps('GOOGLE_TRANSLATE_URL', url);
      return { kind: 'google', apiKey: e.GOOGLE_TRANSLATE_API_KEY, url: trimSlashes(url) };
    }
    case 'apertium': {
      const command = findOnPath('apertium', pathVariable);
      if (!command) {
        problems.push(
          'TRANSLATION_PROVIDER=apertium needs the apertium command on PATH (apt-get install apertium apertium-eng-spa)',
        );
        return { kind: 'none' };
      }
      return { kind: 'apertium', command, modesDir: e.APERTIUM_MODES_DIR };
    }
    case 'none':
      // Translation is never silently off in production (decision 0056): an operator who wants none
      // says so, and the cards then stop selling translated languages.
      if (production && e.TRANSLATION_PROVIDER !== 'none') problems.push(NO_TRANSLATION_ENGINE_PROBLEM);
      return { kind: 'none' };
  }
}

export const NO_TRANSLATION_ENGINE_PROBLEM =
  'No translation engine: set LIBRETRANSLATE_URL, DEEPL_AUTH_KEY or GOOGLE_TRANSLATE_API_KEY, or install ' +
  'apertium and its pairs (README "Translation"), or set TRANSLATION_PROVIDER=none to run without translation';
