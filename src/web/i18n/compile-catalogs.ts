/**
 * Compiles the ICU catalogs (locales/<lang>.json) into the form @lingui/core reads (compiled/<lang>.ts),
 * so no message parser ships to the browser. Run after editing a catalog: `npm run i18n:compile`
 * (catalogs.test.ts fails while a compiled catalog is out of date).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGE_CODES } from '#domain/languages';

const here = path.dirname(fileURLToPath(import.meta.url));

export function compiledCatalogSource(language: string): string {
  const catalog = JSON.parse(readFileSync(path.join(here, 'locales', `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
  const compiled = Object.fromEntries(
    Object.entries(catalog).map(([key, message]) => {
      const tokens = compileMessage(message);
      // A message without placeholders stays a plain string (smaller, and read as is).
      return [key, tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens];
    }),
  );
  return `// Generated from ../locales/${language}.json by ../compile-catalogs.ts: do not edit.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(compiled)};\n`;
}

export function compiledCatalogPath(language: string): string {
  return path.join(here, 'compiled', `${language}.ts`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const language of LANGUAGE_CODES) {
    writeFileSync(compiledCatalogPath(language), compiledCatalogSource(language));
  }
  console.info(`Compiled ${LANGUAGE_CODES.length} catalogs.`);
}
