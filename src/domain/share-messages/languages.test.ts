import { describe, expect, it } from 'vitest';
import { CHECKLIST_LIMITS } from '../checklist.ts';
import { isGsm7 } from '../gsm7.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import {
  buildShareVerificationEmail,
  buildShareVerificationSms,
  type ShareMessageInput,
} from '../share-messages.ts';
import { SHARE_LIMITS, shareLink } from '../sharing.ts';
import { smsSegments } from '../sms-segments.ts';
import { MAX_DISPLAY_NAME_LENGTH } from '../user-input.ts';
import { SHARE_MESSAGE_CATALOGS } from './catalogs.ts';

/** A link as the server makes it: a realistic public address, a 128-bit token (22 characters), ?lang. */
const PUBLIC_URL = 'https://app.listsync.example';
const TOKEN = 'Qm3Xv8-Lr2Nw5Zb9Kc1Hy7';
const CODE = '051937';

function inputIn(language: LanguageCode, change: Partial<ShareMessageInput> = {}): ShareMessageInput {
  return {
    siteName: 'ListSync',
    ownerName: 'Anna Owner',
    checklistName: 'Kitchen',
    code: CODE,
    shareUrl: shareLink(PUBLIC_URL, TOKEN, language),
    recipientName: 'Rita',
    language,
    ...change,
  };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** The budget decided per language (docs/decisions/0011-code-messages-in-ten-languages.md; the five
 * added later in 0054-five-more-languages.md). */
const SMS_BUDGET: Record<LanguageCode, { encoding: 'gsm7' | 'ucs2'; segments: number }> = {
  en: { encoding: 'gsm7', segments: 1 },
  es: { encoding: 'gsm7', segments: 1 },
  fr: { encoding: 'gsm7', segments: 1 },
  de: { encoding: 'gsm7', segments: 1 },
  pt: { encoding: 'gsm7', segments: 1 },
  zh: { encoding: 'ucs2', segments: 2 },
  ru: { encoding: 'ucs2', segments: 2 },
  ja: { encoding: 'ucs2', segments: 2 },
  ar: { encoding: 'ucs2', segments: 2 },
  hi: { encoding: 'ucs2', segments: 2 },
  vi: { encoding: 'ucs2', segments: 2 },
  tl: { encoding: 'gsm7', segments: 1 },
  pl: { encoding: 'gsm7', segments: 1 },
  uk: { encoding: 'ucs2', segments: 2 },
  ro: { encoding: 'gsm7', segments: 1 },
};

/** The longest names the forms accept, in scripts that cost the most in one alphabet or the other. */
const LONGEST_NAMES: Record<
  string,
  Pick<ShareMessageInput, 'ownerName' | 'checklistName' | 'recipientName'>
> = {
  Latin: {
    ownerName: 'W'.repeat(MAX_DISPLAY_NAME_LENGTH),
    checklistName: 'Ä'.repeat(CHECKLIST_LIMITS.nameMax),
    recipientName: 'M'.repeat(SHARE_LIMITS.recipientNameMax),
  },
  'Latin with accents outside GSM-7': {
    ownerName: 'Çáíóúãõêâ'.repeat(12).slice(0, MAX_DISPLAY_NAME_LENGTH),
    checklistName: 'Ežeras – “Spring” œ €'.repeat(10).slice(0, CHECKLIST_LIMITS.nameMax),
    recipientName: 'Łukasz Dvořák '.repeat(8).slice(0, SHARE_LIMITS.recipientNameMax),
  },
  Cyrillic: {
    ownerName: 'Щ'.repeat(MAX_DISPLAY_NAME_LENGTH),
    checklistName: 'Щукин '.repeat(40).slice(0, CHECKLIST_LIMITS.nameMax),
    recipientName: 'Ю'.repeat(SHARE_LIMITS.recipientNameMax),
  },
  'CJK and emoji': {
    ownerName: '王'.repeat(MAX_DISPLAY_NAME_LENGTH),
    checklistName: '🧹'.repeat(CHECKLIST_LIMITS.nameMax / 2),
    recipientName: '明'.repeat(SHARE_LIMITS.recipientNameMax),
  },
  'Arabic and Devanagari': {
    ownerName: 'محمد '.repeat(20).slice(0, MAX_DISPLAY_NAME_LENGTH),
    checklistName: 'चेकलिस्ट '.repeat(25).slice(0, CHECKLIST_LIMITS.nameMax),
    recipientName: 'ف'.repeat(SHARE_LIMITS.recipientNameMax),
  },
};

describe.each(LANGUAGE_CODES)('the code messages in %s', (language) => {
  const catalog = SHARE_MESSAGE_CATALOGS[language];

  it('has its own catalog, written left to right except Arabic', () => {
    expect(catalog.language).toBe(language);
    expect(catalog.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });

  it('e-mails a subject, a text and an HTML part with the code once, the link, the names, lang and dir', () => {
    const input = inputIn(language);
    const mail = buildShareVerificationEmail(input);
    expect(mail.subject).toContain('Kitchen');
    expect(mail.subject).toContain('Anna Owner');
    expect(mail.subject).not.toMatch(/[\r\n]/);

    expect(occurrences(mail.text, CODE)).toBe(1);
    expect(mail.text).toContain(`\n${input.shareUrl}\n`);
    for (const name of ['Rita', 'Anna Owner', 'Kitchen']) expect(mail.text).toContain(name);
    expect(mail.text).not.toMatch(/undefined|null|\[object/);

    expect(occurrences(mail.html, CODE)).toBe(1);
    expect(mail.html).toContain(`<span dir="ltr">${CODE}</span>`);
    expect(mail.html).toContain(`<a href="${input.shareUrl}"`);
    expect(mail.html).toContain(
      `dir="ltr" style="color:#4f46e5;word-break:break-all;">${input.shareUrl}</a>`,
    );
    for (const name of ['Rita', 'Anna Owner', 'Kitchen']) expect(mail.html).toContain(name);
    const direction = language === 'ar' ? ' dir="rtl"' : '';
    expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${language}"${direction}>\\n`));
    expect(mail.html).toContain(`<div lang="${language}"${direction} style=`);
    if (language !== 'ar') expect(mail.html).not.toContain('rtl');
  });

  it('escapes names in the HTML and keeps each on one line in the text', () => {
    const mail = buildShareVerificationEmail(
      inputIn(language, {
        ownerName: 'Mallory <img src=x onerror=alert(1)>',
        checklistName: `<script>alert('x')</script> &\nYour code: 000000`,
        recipientName: '<b>Rita</b>',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('Mallory &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Your code: 000000');
    expect(mail.html).toContain('&lt;b&gt;Rita&lt;/b&gt;');
    expect(mail.text).not.toMatch(/^Your code: 000000/m);
    expect(occurrences(mail.text, CODE)).toBe(1);
  });

  it('reads without the optional and blank names', () => {
    const mail = buildShareVerificationEmail(
      inputIn(language, { ownerName: ' ', checklistName: '\u200b', recipientName: undefined }),
    );
    expect(mail.text).not.toMatch(/undefined|null|Anna|Rita/);
    expect(mail.subject.trim()).not.toBe('');
    expect(occurrences(mail.text, CODE)).toBe(1);
    const sms = buildShareVerificationSms(inputIn(language, { ownerName: '', checklistName: '' })).body;
    expect(sms).not.toMatch(/undefined|null|""|«\s*»|「」|“”/);
  });

  it('texts the code once and the link, in its alphabet, within its segments', () => {
    const input = inputIn(language);
    const { body } = buildShareVerificationSms(input);
    expect(occurrences(body, CODE)).toBe(1);
    expect(body.endsWith(input.shareUrl)).toBe(true);
    expect(body).toContain('ListSync');
    const cost = smsSegments(body);
    expect(cost).toMatchObject(SMS_BUDGET[language]);
    // With short names there is room for who shared it, in every language.
    expect(body).toContain('Anna Owner');
  });

  it.each(Object.entries(LONGEST_NAMES))(
    'worst case, the longest %s names: still its segments, code and link whole',
    (_script, names) => {
      const input = inputIn(language, names);
      const { body } = buildShareVerificationSms(input);
      expect(smsSegments(body)).toMatchObject({
        encoding: SMS_BUDGET[language].encoding,
        segments: expect.toSatisfy((n: number) => n <= SMS_BUDGET[language].segments),
      });
      expect(occurrences(body, CODE)).toBe(1);
      expect(body.endsWith(input.shareUrl)).toBe(true);
    },
  );
});

describe('SMS in the Latin-script languages', () => {
  it.each(['en', 'es', 'fr', 'de', 'pt', 'tl', 'pl', 'ro'] as const)(
    '%s: the fixed text itself is GSM-7',
    (language) => {
      const bare = buildShareVerificationSms(inputIn(language, { ownerName: '', checklistName: '' })).body;
      expect(isGsm7(bare)).toBe(true);
    },
  );

  it('keeps the accents GSM-7 has and drops only those it lacks', () => {
    const body = (language: LanguageCode) =>
      buildShareVerificationSms(
        inputIn(language, { ownerName: 'José Núñez', checklistName: 'Baño Müller', recipientName: '' }),
      ).body;
    expect(body('es')).toContain('José Nuñez ha compartido "Baño Müller" con usted.');
    expect(body('pt')).toContain('José Nuñez compartilhou a lista "Baño Müller".');
    expect(body('fr')).toContain('José Nuñez a partagé "Baño Müller" avec vous.');
    expect(body('de')).toContain('José Nuñez hat "Baño Müller" mit Ihnen geteilt.');
  });

  it('writes Polish and Romanian names without their marks, so the SMS stays GSM-7', () => {
    const body = (language: LanguageCode, ownerName: string, checklistName: string) =>
      buildShareVerificationSms(inputIn(language, { ownerName, checklistName, recipientName: '' })).body;
    const polish = body('pl', 'Łukasz Wójcik', 'Łazienka, piętro 2');
    expect(polish).toContain('Lukasz Wojcik udostepnia Ci liste "Lazienka, pietro 2".');
    expect(isGsm7(polish)).toBe(true);
    const romanian = body('ro', 'Ștefan Țăranu', 'Bucătărie');
    expect(romanian).toContain('Stefan Taranu v-a trimis lista "Bucatarie".');
    expect(isGsm7(romanian)).toBe(true);
    expect(smsSegments(romanian).segments).toBe(1);
  });

  it('greets the recipient when there is room', () => {
    const shareUrl = 'https://l.example/s/abc';
    const body = (language: LanguageCode) => buildShareVerificationSms(inputIn(language, { shareUrl })).body;
    expect(body('es')).toBe(
      `ListSync: Hola, Rita. Anna Owner ha compartido "Kitchen" con usted. Codigo ${CODE} (vence en 10 min): ${shareUrl}`,
    );
    expect(body('fr')).toBe(
      `ListSync: Bonjour Rita, Anna Owner a partagé "Kitchen" avec vous. Code ${CODE} (valable 10 min) : ${shareUrl}`,
    );
    expect(body('de')).toBe(
      `ListSync: Hallo Rita, Anna Owner hat "Kitchen" mit Ihnen geteilt. Code ${CODE} (10 Min. gültig): ${shareUrl}`,
    );
    expect(body('pt')).toBe(
      `ListSync: Rita, Anna Owner compartilhou a lista "Kitchen". Codigo ${CODE} (expira em 10 min): ${shareUrl}`,
    );
  });
});

describe('a language that is not one of the fifteen', () => {
  it('is written in English rather than failing the send', () => {
    const input = { ...inputIn('en'), language: 'xx' as LanguageCode };
    expect(buildShareVerificationSms(input).body).toBe(buildShareVerificationSms(inputIn('en')).body);
    expect(buildShareVerificationEmail(input).html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });
});

describe('quotation marks', () => {
  it.each([
    ['en', '"Kitchen"'],
    ['es', '“Kitchen”'],
    ['fr', '«\u00a0Kitchen\u00a0»'],
    ['de', '„Kitchen“'],
    ['pt', '“Kitchen”'],
    ['zh', '“Kitchen”'],
    ['ru', '«Kitchen»'],
    ['ja', '「Kitchen」'],
    ['ar', '«\u2068Kitchen\u2069»'],
    ['hi', '“Kitchen”'],
    ['vi', '“Kitchen”'],
    ['tl', '“Kitchen”'],
    ['pl', '„Kitchen”'],
    ['uk', '«Kitchen»'],
    ['ro', '„Kitchen”'],
  ] as const)('%s quotes the checklist as %s', (language, quoted) => {
    expect(buildShareVerificationEmail(inputIn(language)).subject).toContain(quoted);
  });
});

describe('Arabic, right to left', () => {
  const input = inputIn('ar', { ownerName: 'Anna (HQ)', checklistName: 'Kitchen 2!' });
  const FSI = '\u2068';
  const PDI = '\u2069';

  it('isolates every name in the text and the subject, so its direction and punctuation stay its own', () => {
    const mail = buildShareVerificationEmail(input);
    for (const part of [mail.subject, mail.text]) {
      expect(part).toContain(`${FSI}Anna (HQ)${PDI}`);
      expect(part).toContain(`${FSI}Kitchen 2!${PDI}`);
      expect(occurrences(part, FSI)).toBe(occurrences(part, PDI));
    }
    expect(mail.text).toContain(`${FSI}Rita${PDI}`);
  });

  it('keeps the link a left-to-right line of its own and the code a run of its own', () => {
    const mail = buildShareVerificationEmail(input);
    expect(mail.text.split('\n')).toContain(input.shareUrl);
    expect(mail.text).toMatch(new RegExp(`: ${CODE}\\n`));
  });

  it('lays the HTML out right to left, the code and the link left to right, names in <bdi>', () => {
    const { html } = buildShareVerificationEmail(input);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<body dir="rtl" style=');
    expect(html).toContain('<div lang="ar" dir="rtl" style=');
    expect(html).toContain(`<span dir="ltr">${CODE}</span>`);
    expect(html).toContain(`<a href="${input.shareUrl}" dir="ltr"`);
    expect(html).toContain('<strong><bdi>Anna (HQ)</bdi></strong>');
    expect(html).toContain('<bdi>Rita</bdi>');
    // Nothing in the layout pins a side: alignment follows dir.
    expect(html).not.toMatch(/(margin|padding|text-align|float)-?(left|right)|text-align:\s*(left|right)/);
  });

  it('opens the SMS with an Arabic letter and puts the link on a line of its own', () => {
    const { body } = buildShareVerificationSms(input);
    expect(body).toMatch(/^\p{Script=Arabic}/u);
    expect(body.split('\n').at(-1)).toBe(input.shareUrl);
    expect(body).toContain(`${FSI}ListSync${PDI}: ${CODE}`);
    expect(occurrences(body, FSI)).toBe(occurrences(body, PDI));
  });

  it('a name cannot bring isolates or overrides of its own', () => {
    const tricky = inputIn('ar', { ownerName: `\u2069\u202EEvil\u2066`, recipientName: '' });
    const mail = buildShareVerificationEmail(tricky);
    const sms = buildShareVerificationSms(tricky).body;
    for (const part of [mail.subject, mail.text, sms]) {
      expect(part).not.toMatch(/[\u202A-\u202E\u2066\u2067]/);
      expect(occurrences(part, FSI)).toBe(occurrences(part, PDI));
    }
  });
});
