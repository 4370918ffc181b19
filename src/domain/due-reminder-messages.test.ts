import { describe, expect, it } from 'vitest';
import {
  buildDueReminderEmail,
  buildDueReminderSms,
  type DueReminderInput,
} from './due-reminder-messages.ts';
import { isGsm7 } from './gsm7.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { shareLink } from './sharing.ts';
import { smsSegments } from './sms-segments.ts';

const URL_OF = (language: LanguageCode) =>
  shareLink('https://app.listsync.example', 'Qm3Xv8-Lr2Nw5Zb9Kc1Hy7', language);

function inputIn(language: LanguageCode, change: Partial<DueReminderInput> = {}): DueReminderInput {
  return {
    siteName: 'ListSync',
    checklistName: 'Cabin turnover',
    shareUrl: URL_OF(language),
    minutes: 58,
    recipientName: 'Rita',
    language,
    ...change,
  };
}

/** A word of each language's reminder, so a catalog swapped or left in English fails. */
const WORD: Record<LanguageCode, string> = {
  en: 'due in',
  es: 'vence en',
  fr: 'à terminer',
  de: 'fällig',
  pt: 'vence em',
  zh: '到期',
  ru: 'истекает',
  ja: '期限',
  ar: 'موعد',
  hi: 'मिनट',
  vi: 'đến hạn',
  tl: 'takdang oras',
  pl: 'mija za',
  uk: 'спливає',
  ro: 'expiră',
};

describe.each(LANGUAGE_CODES)('the due reminder in %s', (language) => {
  it('e-mails the name, the minutes and the link in the language', () => {
    const email = buildDueReminderEmail(inputIn(language));
    for (const part of [email.subject, email.text]) {
      expect(part).toContain('Cabin turnover');
      expect(part).toContain('58');
    }
    expect(email.text).toContain(WORD[language]);
    expect(email.text).toContain(URL_OF(language));
    expect(email.html).toContain(`lang="${language}"`);
    expect(email.html).toContain('href="https://app.listsync.example/shared/Qm3Xv8-Lr2Nw5Zb9Kc1Hy7');
  });

  it('texts the minutes and the link within the code message’s segments', () => {
    const { body } = buildDueReminderSms(inputIn(language));
    expect(body).toContain(URL_OF(language));
    expect(body).toContain('58');
    expect(body).toContain(WORD[language] === 'due in' ? 'due in' : '');
    const cost = smsSegments(body);
    const latin = ['en', 'es', 'fr', 'de', 'pt', 'tl', 'pl', 'ro'].includes(language);
    expect(cost.segments).toBeLessThanOrEqual(latin ? 1 : 2);
    if (latin) expect(isGsm7(body)).toBe(true);
  });

  it('leaves a long name out (or shortens it) rather than growing', () => {
    const { body } = buildDueReminderSms(inputIn(language, { checklistName: 'Ü'.repeat(300) }));
    expect(body).toContain(URL_OF(language));
    expect(smsSegments(body).segments).toBeLessThanOrEqual(2);
  });
});

describe('the due reminder', () => {
  it('makes a name safe in the HTML and says one minute as one', () => {
    const email = buildDueReminderEmail(inputIn('en', { checklistName: '<b>Cabin</b>', minutes: 1 }));
    expect(email.html).not.toContain('<b>Cabin');
    expect(email.subject).toContain('due in 1 minute');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => buildDueReminderSms(inputIn('en', { shareUrl: 'javascript:alert(1)' }))).toThrow();
  });
});
