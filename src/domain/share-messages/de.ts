import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * German, addressing the recipient as Sie, names in „ “. The SMS stays in GSM-7 without losing a
 * letter (ä, ö, ü, ß are in it); only its quotation marks are straight ones („ “ are not GSM-7).
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `"${checklist}"` : 'eine Checkliste';
  if (owner) {
    const sentence = `${owner} hat ${what} mit Ihnen geteilt. `;
    return recipient ? `Hallo ${recipient}, ${sentence}` : sentence;
  }
  const passive = `${what} wurde mit Ihnen geteilt. `;
  return recipient ? `Hallo ${recipient}, ${passive}` : capitalized(passive);
}

export const de: ShareMessageCatalog = {
  language: 'de',
  dir: 'ltr',
  email: {
    untitled: 'ohne Titel',
    subject: ({ site, owner, checklist }) =>
      `${owner ?? 'Jemand'} hat „${checklist}“ auf ${site} mit Ihnen geteilt`,
    greeting: (recipient) => (recipient ? `Hallo ${recipient},` : 'Guten Tag,'),
    shared: ({ site, owner, checklist }) =>
      `${owner ?? 'Jemand'} hat die Checkliste „${checklist}“ auf ${site} mit Ihnen geteilt.`,
    codeLabel: 'Ihr Bestätigungscode:',
    codeLine: (code) => `Ihr Bestätigungscode: ${code}`,
    validity: (minutes) =>
      `Er ist ${plural('de', minutes, { one: 'Minute', other: 'Minuten' })} gültig und kann nur einmal verwendet werden.`,
    openPrompt: 'Öffnen Sie die Checkliste und geben Sie den Code ein, wenn Sie danach gefragt werden:',
    openButton: 'Checkliste öffnen',
    pasteLink: 'Oder fügen Sie diesen Link in Ihren Browser ein:',
    ignore:
      'Falls Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren. Geben Sie diesen Code an niemanden weiter.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Code ${code} (${minutes} Min. gültig): ${url}`,
  },
};
