import { plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Polish, addressing the recipient as ty (as Polish apps do), names in „ ”. The owner's gender is
 * unknown, so the verb is in the present ('udostępnia Ci'), which has none. The SMS is written
 * without Polish letters (ą, ę, ł, ó, ś, ż… are not GSM-7), as Polish senders commonly write SMS,
 * so it stays one GSM-7 segment; names lose their marks the same way ('Łukasz' -> 'Lukasz').
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `liste "${checklist}"` : 'liste kontrolna';
  const sentence = owner ? `${owner} udostepnia Ci ${what}. ` : `Udostepniono Ci ${what}. `;
  return recipient ? `Witaj, ${recipient}! ${sentence}` : sentence;
}

export const pl: ShareMessageCatalog = {
  language: 'pl',
  dir: 'ltr',
  email: {
    untitled: 'bez nazwy',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `${owner} udostępnia Ci listę „${checklist}” w ${site}`
        : `Udostępniono Ci listę „${checklist}” w ${site}`,
    greeting: (recipient) => (recipient ? `Dzień dobry, ${recipient},` : 'Dzień dobry,'),
    shared: ({ site, owner, checklist }) =>
      owner
        ? `${owner} udostępnia Ci listę kontrolną „${checklist}” w ${site}.`
        : `Udostępniono Ci listę kontrolną „${checklist}” w ${site}.`,
    codeLabel: 'Twój kod weryfikacyjny:',
    codeLine: (code) => `Twój kod weryfikacyjny: ${code}`,
    validity: (minutes) =>
      `Jest ważny przez ${plural('pl', minutes, { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' })} i działa tylko raz.`,
    openPrompt: 'Otwórz listę i wpisz kod, gdy pojawi się prośba:',
    openButton: 'Otwórz listę',
    pasteLink: 'Albo wklej ten link do przeglądarki:',
    ignore: 'Jeśli nie spodziewasz się tej wiadomości, możesz ją zignorować. Nie podawaj nikomu tego kodu.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Kod ${code} (wazny ${minutes} min): ${url}`,
  },
};
