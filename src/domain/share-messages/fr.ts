import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * French, addressing the recipient as vous, names in « » with no-break spaces. The SMS stays in
 * GSM-7 (é, è, à, ù are in it; ç, ê, â, î, ô, û are not) without losing an accent: its words were
 * chosen so, and its quotation marks are straight ones (« » are not GSM-7).
 */

const NBSP = '\u00a0';
const quoted = (name: string) => `«${NBSP}${name}${NBSP}»`;

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (owner) {
    const sentence = `${owner} a partagé ${checklist ? `"${checklist}"` : 'une liste'} avec vous. `;
    return recipient ? `Bonjour ${recipient}, ${sentence}` : sentence;
  }
  const passive = `${checklist ? `la liste "${checklist}"` : 'une liste'} a été partagée avec vous. `;
  return recipient ? `Bonjour ${recipient}, ${passive}` : capitalized(passive);
}

export const fr: ShareMessageCatalog = {
  language: 'fr',
  dir: 'ltr',
  email: {
    untitled: 'sans titre',
    subject: ({ site, owner, checklist }) =>
      `${owner ?? 'Quelqu’un'} a partagé ${quoted(checklist)} avec vous sur ${site}`,
    greeting: (recipient) => (recipient ? `Bonjour ${recipient},` : 'Bonjour,'),
    shared: ({ site, owner, checklist }) =>
      `${owner ?? 'Quelqu’un'} a partagé la liste de contrôle ${quoted(checklist)} avec vous sur ${site}.`,
    codeLabel: `Votre code de vérification${NBSP}:`,
    codeLine: (code) => `Votre code de vérification${NBSP}: ${code}`,
    validity: (minutes) =>
      `Il est valable ${plural('fr', minutes, { one: 'minute', other: 'minutes' })} et ne peut servir qu’une fois.`,
    openPrompt: `Ouvrez la liste et saisissez le code lorsqu’il vous est demandé${NBSP}:`,
    openButton: 'Ouvrir la liste',
    pasteLink: `Ou collez ce lien dans votre navigateur${NBSP}:`,
    ignore: 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer. Ne communiquez ce code à personne.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Code ${code} (valable ${minutes} min) : ${url}`,
  },
};
