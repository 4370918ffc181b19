import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { statusBadgeText } from '#domain/checklist';
import { LANGUAGE_CODES } from '#domain/languages';
import { PHOTO_MESSAGES } from '#domain/photos';
import { SHARE_MESSAGES } from '#domain/sharing';
import { compiledCatalogSource } from './compile-catalogs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const catalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(here, 'locales', `${language}.json`), 'utf8'));
const english = catalog('en');

type Token = string | [string, string?, Record<string, Token[] | string>?];

/** Placeholder names and, for each plural, the categories it covers. */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: Array<{ name: string; cases: string[] }> = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, options] = token;
      names.add(name);
      if (type === 'plural' && options) {
        // `offset` is the compiler's own field (ICU's plural offset), not a category.
        plurals.push({ name, cases: Object.keys(options).filter((key) => key !== 'offset') });
      }
      for (const inner of Object.values(options ?? {})) if (Array.isArray(inner)) walk(inner);
    }
  };
  walk(compileMessage(message) as Token[]);
  return { names: [...names].sort(), plurals };
}

describe.each(LANGUAGE_CODES)('the %s catalog', (language) => {
  const messages = catalog(language);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('has every key of the English one, and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))(
    '%s: valid ICU with the same placeholders and every plural category',
    (key) => {
      const message = messages[key] ?? '';
      expect(message.trim()).not.toBe('');
      const theirs = shape(message);
      expect(theirs.names).toEqual(shape(english[key] ?? '').names);
      for (const plural of theirs.plurals) {
        for (const category of categories)
          expect(plural.cases, `${plural.name}: ${category}`).toContain(category);
        for (const used of plural.cases)
          expect(/^=\d+$/.test(used) ? 'other' : used, `${plural.name}: ${used}`).toBeOneOf([
            ...categories,
            'other',
          ]);
      }
    },
  );

  it('is compiled as it stands (npm run i18n:compile)', () => {
    expect(readFileSync(path.join(here, 'compiled', `${language}.ts`), 'utf8')).toBe(
      compiledCatalogSource(language),
    );
  });
});

describe('the English catalog', () => {
  it("keeps the spec's strings word for word", () => {
    const spec: Record<string, string> = {
      'code.required': SHARE_MESSAGES.codeRequired,
      'code.format': SHARE_MESSAGES.codeFormat,
      'code.hint': SHARE_MESSAGES.codeHint,
      'code.verifyFailed': SHARE_MESSAGES.verifyFailed,
      'code.invalid': SHARE_MESSAGES.codeInvalid,
      'code.expired': SHARE_MESSAGES.codeExpired,
      'code.locked': SHARE_MESSAGES.codeLocked,
      'code.resendTooSoon': SHARE_MESSAGES.resendTooSoon,
      'code.sendFailed': `${SHARE_MESSAGES.sendFailed}. Please try again.`,
      'shared.notFound': SHARE_MESSAGES.shareNotFound,
      'shared.verifiedTitle': SHARE_MESSAGES.verifiedTitle,
      'shared.verifiedText': SHARE_MESSAGES.verifiedText,
      'translation.title': SHARE_MESSAGES.translatedTitle,
      'shared.loadFailedView': SHARE_MESSAGES.loadFailedView,
      'shared.loadFailedToast': SHARE_MESSAGES.loadFailedToast,
      'shared.loadedToast': SHARE_MESSAGES.loadedToast,
      'photo.invalidTypeTitle': PHOTO_MESSAGES.invalidTypeTitle,
      'photo.invalidType': PHOTO_MESSAGES.invalidType,
      'photo.tooLargeTitle': PHOTO_MESSAGES.tooLargeTitle,
      'photo.tooLarge': PHOTO_MESSAGES.tooLarge,
      'photo.uploadFailed': PHOTO_MESSAGES.uploadFailed,
      'photo.uploaded': PHOTO_MESSAGES.uploaded,
      'photo.removed': PHOTO_MESSAGES.removed,
      'photo.removeFailed': PHOTO_MESSAGES.removeFailed,
      'status.completed': statusBadgeText('completed'),
      'status.notStarted': statusBadgeText('not-started'),
      'status.inProgress': statusBadgeText('in-progress', 40).replace('40%', '{progress}'),
    };
    for (const [key, text] of Object.entries(spec)) expect(english[key], key).toBe(text);
  });
});
