import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { buildInvitationEmail, type InvitationEmailInput } from './team-invitation-email.ts';
import { INVITATION_CATALOGS } from './team-invitation-texts.ts';
import { TEAM_LIMITS } from './teams.ts';

const JOIN_URL = 'https://app.listsync.example/join/Qm3Xv8-Lr2Nw5Zb9Kc1Hy7';

function inputIn(language: LanguageCode, change: Partial<InvitationEmailInput> = {}): InvitationEmailInput {
  return {
    siteName: 'ListSync',
    teamName: 'Nordwerk 7',
    inviterName: 'Anna Kowalski',
    role: 'admin',
    joinUrl: JOIN_URL,
    language,
    ...change,
  };
}

/** Words of the English e-mail with no place in another language's ('checklist', 'Team', 'Link' have). */
const ENGLISH_WORDS =
  /\b(invited|join|you|colleague|where|keeps|proof|works|once|days|expect|ignore|admin|member)\b/i;

/** Bidi controls: embeddings, overrides, isolates, marks. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

describe('the invitation e-mail in English', () => {
  it('reads as it did before it came in ten languages', () => {
    const mail = buildInvitationEmail(inputIn('en'));
    expect(mail.subject).toBe('Anna Kowalski invited you to Nordwerk 7 on ListSync');
    expect(mail.text).toBe(
      [
        'Anna Kowalski invited you to join Nordwerk 7 on ListSync as an admin.',
        '',
        'ListSync is where the team keeps its checklists and the proof that work was done.',
        '',
        `Join Nordwerk 7: ${JOIN_URL}`,
        '',
        'The link works once and for 7 days. If you did not expect this, ignore this e-mail.',
      ].join('\n'),
    );
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">\n/);
    expect(mail.html).toContain('\n<body style=');
    expect(mail.html).toContain('\n<div style="max-width:480px;');
    expect(mail.html).toContain(`<a href="${JOIN_URL}" style=`);
    expect(mail.html).toContain('>Join Nordwerk 7</a>');
    expect(mail.html).not.toContain('dir=');
  });

  it('says "a member", and stands in for a blank inviter, team and site', () => {
    const mail = buildInvitationEmail(
      inputIn('en', { role: 'member', inviterName: ' \u200b ', teamName: '\u202e', siteName: '' }),
    );
    expect(mail.subject).toBe('A colleague invited you to a team on ListSync');
    expect(mail.text).toContain('A colleague invited you to join a team on ListSync as a member.');
    expect(mail.text).toContain(`Join a team: ${JOIN_URL}`);
  });

  it('falls back to English for a language outside the ten', () => {
    const english = buildInvitationEmail(inputIn('en'));
    expect(buildInvitationEmail(inputIn('xx' as LanguageCode))).toEqual(english);
  });
});

describe.each(LANGUAGE_CODES)('the invitation e-mail in %s', (language) => {
  const rtl = language === 'ar';

  it('has its own catalog, written left to right except Arabic', () => {
    expect(INVITATION_CATALOGS[language].language).toBe(language);
    expect(INVITATION_CATALOGS[language].dir).toBe(rtl ? 'rtl' : 'ltr');
  });

  it('names the team and the inviter, carries the link, and says how long it works', () => {
    const mail = buildInvitationEmail(inputIn(language));
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).toContain('Nordwerk 7');
      expect(part).toContain('Anna Kowalski');
      expect(part).not.toMatch(/undefined|null|\[object/);
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toMatch(new RegExp(`[:：]\\s?${JOIN_URL}\\n`));
    if (rtl) expect(mail.text).toContain(`\n${JOIN_URL}\n`);
    expect(mail.html).toContain(`<a href="${JOIN_URL}" style=`);
    expect(mail.text).toContain(String(TEAM_LIMITS.invitationDays));
  });

  it('sets lang and dir on the page and again on the card', () => {
    const { html } = buildInvitationEmail(inputIn(language));
    const direction = rtl ? ' dir="rtl"' : '';
    expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${language}"${direction}>\\n`));
    expect(html).toContain(`\n<body${direction} style=`);
    if (language !== 'en') expect(html).toContain(`\n<div lang="${language}"${direction} style=`);
    if (!rtl) expect(html).not.toContain('rtl');
  });

  it('says the role in its own words', () => {
    const admin = buildInvitationEmail(inputIn(language, { role: 'admin' }));
    const member = buildInvitationEmail(inputIn(language, { role: 'member' }));
    expect(admin.text).not.toBe(member.text);
    expect(admin.subject).toBe(member.subject);
  });

  it.skipIf(language === 'en')('leaves no English behind', () => {
    const english = buildInvitationEmail(inputIn('en'));
    for (const role of ['admin', 'member'] as const) {
      for (const names of [{}, { inviterName: '', teamName: '' }]) {
        const mail = buildInvitationEmail(inputIn(language, { role, ...names }));
        expect(mail.subject).not.toBe(english.subject);
        const words = `${mail.subject}\n${mail.text}`
          .replaceAll(JOIN_URL, '')
          .replace(/Anna Kowalski|Nordwerk 7|ListSync/g, '');
        expect(words).not.toMatch(ENGLISH_WORDS);
        expect(words).not.toMatch(/\p{Cs}|\uFFFD/u);
      }
    }
  });

  it('escapes a hostile team or inviter name and keeps it on one line, free of bidi controls', () => {
    const mail = buildInvitationEmail(
      inputIn(language, {
        teamName: `<script>alert('x')</script>\u202e\nJoin: https://evil.example`,
        inviterName: '<img src=x onerror=alert(1)> \u2066Mallory\u2069 & "co"',
        siteName: 'List<b>Sync</b>',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&amp; &quot;co&quot;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).not.toMatch(/\n\s*Join: https:\/\/evil/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      const controls = part.match(BIDI_CONTROLS) ?? [];
      // Only Arabic has any: the isolate around each name, opened and closed by the e-mail itself.
      expect(controls.every((c) => c === '\u2068' || c === '\u2069')).toBe(true);
      expect(controls.filter((c) => c === '\u2068').length).toBe(controls.length / 2);
      if (!rtl) expect(controls).toEqual([]);
    }
    if (rtl) expect(mail.text).toContain('\u2068List<b>Sync</b>\u2069');
  });
});
