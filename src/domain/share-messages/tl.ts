import { capitalized, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Tagalog (Filipino) as Filipino apps write it: 'mo'/'iyo' rather than the formal 'ninyo', and the
 * English words crews use every day ('checklist', 'code', 'link', 'valid'). 'ni' marks the owner as
 * a person; nouns do not change with a count. Every letter is ASCII, so the SMS is one GSM-7 segment.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `"${checklist}"` : 'isang checklist';
  const sentence = owner ? `ibinahagi ni ${owner} sa iyo ang ${what}. ` : `may nagbahagi sa iyo ng ${what}. `;
  return recipient ? `Hi ${recipient}, ${sentence}` : capitalized(sentence);
}

export const tl: ShareMessageCatalog = {
  language: 'tl',
  dir: 'ltr',
  email: {
    untitled: 'walang pamagat',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `Ibinahagi ni ${owner} sa iyo ang “${checklist}” sa ${site}`
        : `May nagbahagi sa iyo ng “${checklist}” sa ${site}`,
    greeting: (recipient) => (recipient ? `Hi ${recipient},` : 'Magandang araw,'),
    shared: ({ site, owner, checklist }) =>
      owner
        ? `Ibinahagi ni ${owner} sa iyo ang checklist na “${checklist}” sa ${site}.`
        : `May nagbahagi sa iyo ng checklist na “${checklist}” sa ${site}.`,
    codeLabel: 'Ang iyong code sa pag-verify:',
    codeLine: (code) => `Ang iyong code sa pag-verify: ${code}`,
    validity: (minutes) => `Valid ito nang ${minutes} minuto at isang beses lang magagamit.`,
    openPrompt: 'Buksan ang checklist at ilagay ang code kapag hiningi:',
    openButton: 'Buksan ang checklist',
    pasteLink: 'O i-paste ang link na ito sa iyong browser:',
    ignore:
      'Kung hindi mo inaasahan ang mensaheng ito, puwede mo itong balewalain. Huwag ibigay ang code na ito kaninuman.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Code ${code} (valid ${minutes} min): ${url}`,
  },
};
