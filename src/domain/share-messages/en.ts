import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

const someone = (site: string) => `A ${site} user`;

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `"${checklist}"` : 'a checklist';
  const sentence = owner
    ? `${owner} shared ${what} with you. `
    : `${capitalized(what)} was shared with you. `;
  return recipient ? `Hi ${recipient}, ${sentence}` : sentence;
}

export const en: ShareMessageCatalog = {
  language: 'en',
  dir: 'ltr',
  email: {
    untitled: 'a checklist',
    subject: ({ site, owner, checklist }) =>
      `${owner ?? someone(site)} shared "${checklist}" with you on ${site}`,
    greeting: (recipient) => (recipient ? `Hi ${recipient},` : 'Hello,'),
    shared: ({ site, owner, checklist }) =>
      `${owner ?? someone(site)} shared the checklist "${checklist}" with you on ${site}.`,
    codeLabel: 'Your verification code:',
    codeLine: (code) => `Your verification code: ${code}`,
    validity: (minutes) =>
      `It is valid for ${plural('en', minutes, { one: 'minute', other: 'minutes' })} and works once.`,
    openPrompt: 'Open the checklist and enter the code when asked:',
    openButton: 'Open the checklist',
    pasteLink: 'Or paste this link into your browser:',
    ignore: 'If you did not expect this message, you can ignore it. Do not share this code with anyone.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Code ${code} (valid ${minutes} min): ${url}`,
  },
};
