import { describe, expect, it } from 'vitest';
import { isGsm7 } from './gsm7.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { buildRedoEmail, buildRedoSms, type RedoMessageInput } from './redo-messages.ts';
import { shareLink } from './sharing.ts';
import { smsSegments } from './sms-segments.ts';

const URL_OF = (language: LanguageCode) =>
  shareLink('https://app.listsync.example', 'Qm3Xv8-Lr2Nw5Zb9Kc1Hy7', language);

function inputIn(language: LanguageCode, change: Partial<RedoMessageInput> = {}): RedoMessageInput {
  return {
    siteName: 'ListSync',
    checklistName: 'Cabin turnover',
    shareUrl: URL_OF(language),
    recipientName: 'Rita',
    language,
    ...change,
  };
}

/** A word of each language's redo message, so a catalog swapped or left in English fails. */
const WORD: Record<LanguageCode, string> = {
  en: 'sent back',
  es: 'devolvieron',
  fr: 'refait',
  de: 'zurückgeschickt',
  pt: 'devolvidas',
  zh: '退回',
  ru: 'доработку',
  ja: '差し戻',
  ar: 'أُعيدت',
  hi: 'वापस',
  vi: 'làm lại',
  tl: 'ibinalik',
  pl: 'poprawy',
  uk: 'доопрацювання',
  ro: 'înapoi',
};

const LATIN = ['en', 'es', 'fr', 'de', 'pt', 'tl', 'pl', 'ro'];

describe.each(LANGUAGE_CODES)('the redo message in %s', (language) => {
  it('e-mails the name and the link in the language', () => {
    const email = buildRedoEmail(inputIn(language));
    expect(email.subject).toContain('Cabin turnover');
    expect(email.text).toContain('Cabin turnover');
    expect(email.text.toLowerCase()).toContain(WORD[language].toLowerCase());
    expect(email.text).toContain(URL_OF(language));
    expect(email.html).toContain(`lang="${language}"`);
  });

  it('texts the link within the code message’s segments, in GSM-7 for Latin scripts', () => {
    const { body } = buildRedoSms(inputIn(language));
    expect(body).toContain(URL_OF(language));
    const cost = smsSegments(body);
    expect(cost.segments).toBeLessThanOrEqual(LATIN.includes(language) ? 1 : 2);
    if (LATIN.includes(language)) expect(isGsm7(body)).toBe(true);
  });

  it('leaves a long name out (or shortens it) rather than growing', () => {
    const { body } = buildRedoSms(inputIn(language, { checklistName: 'Ü'.repeat(300) }));
    expect(body).toContain(URL_OF(language));
    expect(smsSegments(body).segments).toBeLessThanOrEqual(2);
  });
});
