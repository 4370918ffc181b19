import { plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Romanian, addressing the recipient as dumneavoastră (dvs.), names in „ ”, ș and ț with the comma
 * below. The SMS is written without diacritics (ă, â, î, ș, ț are not GSM-7), as Romanian senders
 * commonly write SMS, so it stays one GSM-7 segment; names lose their marks the same way.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `lista "${checklist}"` : 'o lista de verificare';
  const sentence = owner ? `${owner} v-a trimis ${what}. ` : `Vi s-a trimis ${what}. `;
  return recipient ? `Buna, ${recipient}. ${sentence}` : sentence;
}

export const ro: ShareMessageCatalog = {
  language: 'ro',
  dir: 'ltr',
  email: {
    untitled: 'fără titlu',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `${owner} a partajat cu dvs. lista „${checklist}” pe ${site}`
        : `Lista „${checklist}” a fost partajată cu dvs. pe ${site}`,
    greeting: (recipient) => (recipient ? `Bună ziua, ${recipient},` : 'Bună ziua,'),
    shared: ({ site, owner, checklist }) =>
      owner
        ? `${owner} a partajat cu dvs. lista de verificare „${checklist}” pe ${site}.`
        : `Lista de verificare „${checklist}” a fost partajată cu dvs. pe ${site}.`,
    codeLabel: 'Codul dvs. de verificare:',
    codeLine: (code) => `Codul dvs. de verificare: ${code}`,
    validity: (minutes) =>
      `Este valabil ${plural('ro', minutes, { one: 'minut', few: 'minute', other: 'de minute' })} și poate fi folosit o singură dată.`,
    openPrompt: 'Deschideți lista și introduceți codul când vi se cere:',
    openButton: 'Deschide lista',
    pasteLink: 'Sau lipiți acest link în browser:',
    ignore: 'Dacă nu așteptați acest mesaj, îl puteți ignora. Nu comunicați acest cod nimănui.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Cod ${code} (valabil ${minutes} min): ${url}`,
  },
};
