import { describe, expect, it } from 'vitest';
import { isGsm7 } from './gsm7.ts';
import { carriesLinkOrNumber, SMS_NAME_MAX } from './share-messages/names.ts';
import {
  buildShareVerificationEmail,
  buildShareVerificationSms,
  type ShareMessageInput,
  SMS_SINGLE_PART_LENGTH,
} from './share-messages.ts';

/** A link as long as a real one: a host and a 256-bit token. */
const SHARE_URL = 'https://lists.example.com/shared/tok_Qm3Xv8-Lr2Nw5Zb9Kc1Hy7Td4Js6Pg0Fa3Eu8Wi0Rt';

const input: ShareMessageInput = {
  siteName: 'ListSync',
  ownerName: 'Anna Owner',
  checklistName: 'Kitchen',
  code: '051937',
  shareUrl: SHARE_URL,
};

describe('buildShareVerificationEmail', () => {
  it('says who shared which checklist on which site, the code, its 10 minutes and the link, in both parts', () => {
    const mail = buildShareVerificationEmail({ ...input, recipientName: 'Rita' });
    expect(mail.subject).toBe('Anna Owner shared "Kitchen" with you on ListSync');
    expect(mail.text).toContain('Hi Rita,');
    expect(mail.text).toContain('Anna Owner shared the checklist "Kitchen" with you on ListSync.');
    expect(mail.text).toContain('Your verification code: 051937');
    expect(mail.text).toContain('It is valid for 10 minutes');
    expect(mail.text).toContain(`\n${SHARE_URL}\n`);
    for (const part of ['ListSync', 'Hi Rita,', '<strong>Anna Owner</strong>', 'Kitchen', '>051937<']) {
      expect(mail.html).toContain(part);
    }
    expect(mail.html).toContain('valid for 10 minutes');
    expect(mail.html).toContain(`<a href="${SHARE_URL}"`);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('escapes the names in the HTML part, title included', () => {
    const mail = buildShareVerificationEmail({
      ...input,
      ownerName: 'Mallory <img src=x onerror=alert(1)>',
      checklistName: `<script>alert('x')</script> & "Co"`,
      recipientName: '<b>Rita</b>',
    });
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('Mallory &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Hi &lt;b&gt;Rita&lt;/b&gt;,');
    // The plain text part is not HTML: the name reads as typed.
    expect(mail.text).toContain(`"<script>alert('x')</script> & "Co""`);
  });

  it('keeps each name on its line: line breaks, control and bidi characters cannot fake a line of their own', () => {
    const mail = buildShareVerificationEmail({
      ...input,
      checklistName: 'Kitchen\n\nYour verification code: 000000\r\n',
      ownerName: 'Anna\u202E rennaW',
    });
    expect(mail.text).not.toMatch(/^Your verification code: 000000$/m);
    expect(mail.text.match(/^Your verification code: \d{6}$/gm)).toEqual(['Your verification code: 051937']);
    expect(mail.subject).not.toMatch(/[\r\n\u202E]/);
    expect(mail.text).not.toContain('\u202E');
  });

  it('cuts very long names in the subject and the text', () => {
    const mail = buildShareVerificationEmail({ ...input, checklistName: 'x'.repeat(200) });
    expect(mail.subject).toBe(`Anna Owner shared "${'x'.repeat(79)}…" with you on ListSync`);
    expect(mail.text).toContain(`the checklist "${'x'.repeat(79)}…" with you`);
  });

  it('reads well without the optional and blank names', () => {
    const mail = buildShareVerificationEmail({ ...input, ownerName: '  ', recipientName: '' });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.subject).toBe('A ListSync user shared "Kitchen" with you on ListSync');
  });

  it.each([
    ['a code that is not six digits', { code: '12345' }],
    ['a link that is not http(s)', { shareUrl: 'javascript:alert(1)' }],
    ['a link that is not a URL', { shareUrl: '/shared/abc' }],
  ])('refuses %s', (_label, change) => {
    expect(() => buildShareVerificationEmail({ ...input, ...change })).toThrow();
    expect(() => buildShareVerificationSms({ ...input, ...change })).toThrow();
  });
});

describe('buildShareVerificationSms', () => {
  it('is one GSM-7 part with the site, the owner, the checklist, the code, its validity and the link', () => {
    const { body } = buildShareVerificationSms(input);
    expect(body).toBe(
      `ListSync: Anna Owner shared "Kitchen" with you. Code 051937 (valid 10 min): ${SHARE_URL}`,
    );
    expect(body.length).toBeLessThanOrEqual(SMS_SINGLE_PART_LENGTH);
    expect(isGsm7(body)).toBe(true);
  });

  it('greets the recipient when there is room', () => {
    const { body } = buildShareVerificationSms({
      ...input,
      recipientName: 'Rita',
      shareUrl: 'https://l.example/s/abc',
    });
    expect(body).toBe(
      'ListSync: Hi Rita, Anna Owner shared "Kitchen" with you. Code 051937 (valid 10 min): https://l.example/s/abc',
    );
  });

  it.each([
    ['accented and typographic names', { ownerName: 'Zoë Ćirić', checklistName: 'Ežeras – “Spring”' }],
    ['Cyrillic names', { ownerName: 'Иван Петров', checklistName: 'Склад' }],
    ['names in scripts GSM-7 cannot write', { ownerName: '王小明', checklistName: 'चेकलिस्ट' }],
    ['emoji and extension characters', { ownerName: 'Team 🚀', checklistName: '[Q3] {budget} €5' }],
    [
      'a long checklist name',
      { checklistName: 'Quarterly warehouse safety inspection for the north site, all aisles' },
    ],
    [
      'a long owner name',
      { ownerName: 'Maximilian Alexander von Hohenberg-Schwarzenfeld der Dritte', recipientName: 'Rita' },
    ],
    ['a site name with an accent', { siteName: 'Lístas Ñ' }],
  ])('%s: GSM-7 only, within 160 characters, code and link kept', (_label, change) => {
    const { body } = buildShareVerificationSms({ ...input, ...change });
    expect(isGsm7(body)).toBe(true);
    expect(body.length).toBeLessThanOrEqual(SMS_SINGLE_PART_LENGTH);
    expect(body).toContain('Code 051937 (valid 10 min)');
    expect(body.endsWith(SHARE_URL)).toBe(true);
  });

  it('transliterates rather than drops names it can', () => {
    const shareUrl = 'https://l.example/s/abc';
    expect(buildShareVerificationSms({ ...input, shareUrl, ownerName: 'Иван Петров' }).body).toContain(
      'Ivan Petrov shared',
    );
    expect(
      buildShareVerificationSms({ ...input, shareUrl, checklistName: 'Ežeras – “Spring”' }).body,
    ).toContain('shared "Ezeras - "Spring"" with you');
  });

  it('shortens a long checklist name before dropping it, and drops it before the code or link', () => {
    const long = buildShareVerificationSms({
      ...input,
      checklistName: 'Quarterly warehouse safety inspection for the north site',
    }).body;
    expect(long).toMatch(/shared "Quarterly[^"]*\.\.\." with you\./);

    const hugeOwner = buildShareVerificationSms({ ...input, ownerName: 'O'.repeat(100) }).body;
    expect(hugeOwner).toBe(
      `ListSync: A checklist was shared with you. Code 051937 (valid 10 min): ${SHARE_URL}`,
    );
  });

  it('says "a checklist" when no name survives, and leaves the owner out when theirs does not', () => {
    expect(buildShareVerificationSms({ ...input, checklistName: '清单' }).body).toContain(
      'Anna Owner shared a checklist with you.',
    );
    expect(buildShareVerificationSms({ ...input, ownerName: '王小明' }).body).toContain(
      'ListSync: "Kitchen" was shared with you.',
    );
  });

  it('goes past 160 characters only when the link alone leaves no room', () => {
    const shareUrl = `https://lists.example.com/shared/${'t'.repeat(140)}`;
    const { body } = buildShareVerificationSms({ ...input, shareUrl });
    expect(body).toBe(`ListSync: Code 051937 (valid 10 min): ${shareUrl}`);
    expect(isGsm7(body)).toBe(true);
  });
});

describe('names that carry a link or a number', () => {
  it.each([
    ['a web address', 'Claim your prize at https://evil.example/win'],
    ['a bare host name', 'Visit prizes-now.com today'],
    ['www.', 'www.example'],
    ['an e-mail address', 'Write to boss@corp.example'],
    ['a mailto or tel scheme', 'tel:0900123456'],
    ['a phone number', 'Call +1 (900) 555-0123 now'],
    ['a phone number without separators', 'Ring 09001234567'],
    ['an IP address', 'Log in at 192.168.10.12'],
    ['Arabic-Indic digits', 'اتصل ٠٩٠٠١٢٣٤٥٦٧'],
  ])('%s: detected', (_label, name) => {
    expect(carriesLinkOrNumber(name)).toBe(true);
  });

  it.each([
    ['a plain name', 'Kitchen'],
    ['a short number', 'Unit 4011, floor 2'],
    ['an ISO date', 'Turnover 2024-06-01'],
    ['a date range', 'Turnover 2024-06-01 - 2024-06-07'],
    ['a day/month/year date', 'Inspection 06/01/2025'],
    ['an abbreviation with a space', 'Smith & Co. Ltd'],
    ['a version number', 'Checklist v2.0'],
    ['a time', 'Check-in 15:30'],
  ])('%s: shown', (_label, name) => {
    expect(carriesLinkOrNumber(name)).toBe(false);
  });

  it('leaves such a checklist name out of the e-mail (subject, text and HTML), never linked', () => {
    const mail = buildShareVerificationEmail({
      ...input,
      checklistName: 'Prize! Call +1 900 555 0123 or visit win.example',
      ownerName: 'Support at help@bank.example',
      recipientName: 'Rita www.x.example',
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/900|win\.example|bank\.example|x\.example/);
    }
    expect(mail.subject).toBe('A ListSync user shared "a checklist" with you on ListSync');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    // The only link in the HTML is the share's own.
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      SHARE_URL,
      SHARE_URL,
    ]);
  });

  it('leaves such names out of the SMS, which still carries the code and link', () => {
    const { body } = buildShareVerificationSms({
      ...input,
      checklistName: 'Call 0900 123 4567',
      ownerName: 'evil.example',
      shareUrl: 'https://l.example/s/abc',
    });
    expect(body).toBe(
      'ListSync: A checklist was shared with you. Code 051937 (valid 10 min): https://l.example/s/abc',
    );
  });

  it(`caps each name in an SMS at ${SMS_NAME_MAX} characters, even when the link leaves room`, () => {
    const { body } = buildShareVerificationSms({
      ...input,
      checklistName: 'Quarterly warehouse safety inspection for the north site',
      shareUrl: 'https://l.example/s/abc',
    });
    const shown = /shared "([^"]*)"/.exec(body)?.[1] ?? '';
    expect(shown).toBe('Quarterly warehouse safety inspection...');
    expect(shown.length).toBeLessThanOrEqual(SMS_NAME_MAX);
  });
});
